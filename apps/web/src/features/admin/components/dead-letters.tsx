import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDeadLetters } from '../api/get-dead-letters';

/** The job queue's dead letters (issue 13): reminders that failed every retry, for the admin to follow up. */
export function DeadLetters() {
  const { t, i18n } = useTranslation();
  const dead = useDeadLetters();
  const rows = dead.data ?? [];
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Box component="section" sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 4 }}>
      <Box>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 800 }}>
          {t('admin_dead_title')}
        </Typography>
        <Typography color="text.secondary">{t('admin_dead_subtitle')}</Typography>
      </Box>
      {dead.isError ? <Alert severity="error">{t('admin_dead_error')}</Alert> : null}
      {dead.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }} tabIndex={0} role="region" aria-label={t('admin_dead_title')} data-testid="admin-dead-letters" data-count={rows.length}>
          <Table size="small" sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin_dead_col_job')}</TableCell>
                <TableCell>{t('admin_dead_col_key')}</TableCell>
                <TableCell>{t('admin_dead_col_attempts')}</TableCell>
                <TableCell>{t('admin_dead_col_error')}</TableCell>
                <TableCell>{t('admin_dead_col_when')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Typography color="text.secondary" sx={{ py: 2 }} data-testid="admin-dead-empty">
                      {t('admin_dead_empty')}
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((j) => (
                  <TableRow key={j.id} data-testid="admin-dead-row">
                    <TableCell>{j.name}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{j.singletonKey ?? '—'}</TableCell>
                    <TableCell>{j.attempts}</TableCell>
                    <TableCell>{j.lastError ?? '—'}</TableCell>
                    <TableCell>{when(j.updatedAt)}</TableCell>
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
