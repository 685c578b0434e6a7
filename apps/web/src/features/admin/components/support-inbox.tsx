import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SupportRequestDto } from '@puente/contracts';
import { FEEDBACK_STATUSES, SUPPORT_REPLY_TARGET_HOURS, type FeedbackStatus } from '@puente/domain';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { useSupportInbox } from '../api/get-support-inbox';
import { useUpdateSupportRequest } from '../api/update-support-request';

/** What the request says, in a line (the complaint's reasons, or the support topic and reason). */
const summary = (r: SupportRequestDto, t: (k: string) => string): string => {
  const items = r.items as Record<string, unknown>;
  if (r.kind === 'COMPLAINT_REPORT') {
    const reasons = Array.isArray(items.reportReasons) ? (items.reportReasons as string[]).map((x) => t(`admin_report_reason_${x}`)).join(', ') : '';
    return [reasons, typeof items.issueDescription === 'string' ? items.issueDescription : ''].filter(Boolean).join(' · ');
  }
  return [typeof items.helpTopic === 'string' ? t(`admin_support_topic_${items.helpTopic}`) : '', typeof items.reason === 'string' ? items.reason : '', typeof items.moreDetails === 'string' ? items.moreDetails : '']
    .filter(Boolean)
    .join(' · ');
};

/**
 * The admin's inbox of complaints and support requests: status and the 48-hour reply target. A
 * section of /admin (its heading a level two), or the page itself on /admin/soporte (level one:
 * a page has one, axe's page-has-heading-one).
 */
export function SupportInbox({ page = false }: { page?: boolean }) {
  const { t, i18n } = useTranslation();
  const inbox = useSupportInbox();
  const update = useUpdateSupportRequest();
  const rows = inbox.data ?? [];
  const handleStatus = (id: string, status: FeedbackStatus) =>
    update.mutate({ id, status }, { onError: () => showToast({ variant: 'warning', message: 'admin_inbox_update_error' }) });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Box component="section" sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: page ? 0 : 4 }}>
      <Box>
        <Typography variant="h5" component={page ? 'h1' : 'h2'} sx={{ fontWeight: 800 }}>
          {t('admin_inbox_title')}
        </Typography>
        <Typography color="text.secondary">{t('admin_inbox_subtitle', { hours: SUPPORT_REPLY_TARGET_HOURS })}</Typography>
      </Box>
      {inbox.isError ? <Alert severity="error">{t('admin_inbox_error')}</Alert> : null}
      {inbox.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }} tabIndex={0} role="region" aria-label={t('admin_inbox_title')} data-testid="admin-inbox" data-count={rows.length}>
          <Table size="small" sx={{ minWidth: 820 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin_inbox_col_kind')}</TableCell>
                <TableCell>{t('admin_col_member')}</TableCell>
                <TableCell>{t('admin_inbox_col_summary')}</TableCell>
                <TableCell>{t('admin_inbox_col_received')}</TableCell>
                <TableCell>{t('admin_inbox_col_due')}</TableCell>
                <TableCell>{t('admin_inbox_col_status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6}>
                    <Typography color="text.secondary" sx={{ py: 2 }} data-testid="admin-inbox-empty">
                      {t('admin_inbox_empty')}
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((r) => (
                  <TableRow key={r.id} data-testid={`admin-inbox-row-${r.id}`} data-status={r.status}>
                    <TableCell>
                      <Chip size="small" label={t(r.kind === 'COMPLAINT_REPORT' ? 'admin_inbox_kind_complaint' : 'admin_inbox_kind_support')} />
                    </TableCell>
                    <TableCell>{r.memberName ?? '—'}</TableCell>
                    <TableCell sx={{ maxWidth: 320 }}>{summary(r, t)}</TableCell>
                    <TableCell>{when(r.createdAt)}</TableCell>
                    <TableCell>
                      {when(r.replyDueAt)}
                      {r.overdue ? <Chip size="small" color="error" label={t('admin_inbox_overdue')} sx={{ ml: 1 }} data-testid={`admin-inbox-overdue-${r.id}`} /> : null}
                    </TableCell>
                    <TableCell>
                      <TextField
                        select
                        size="small"
                        value={r.status}
                        onChange={(e) => handleStatus(r.id, e.target.value as FeedbackStatus)}
                        slotProps={{ htmlInput: { 'aria-label': t('admin_inbox_col_status') }, select: { SelectDisplayProps: { 'data-testid': `admin-inbox-status-${r.id}` } as never } }}
                      >
                        {FEEDBACK_STATUSES.map((s) => (
                          <MenuItem key={s} value={s}>
                            {t(`admin_inbox_status_${s}`)}
                          </MenuItem>
                        ))}
                      </TextField>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
