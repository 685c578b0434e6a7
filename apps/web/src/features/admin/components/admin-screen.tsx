import type { AppointmentDto } from '@puente/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useCancelAppointment } from '../api/cancel-appointment';
import { useLiveQueue } from '../api/get-live-queue';
import { useAdminRealtime } from '../hooks/use-admin-realtime';
import { AdminConsole } from './admin-console';
import { DeadLetters } from './dead-letters';
import { MemberLedgerDialog } from './member-ledger-dialog';
import { SupportInbox } from './support-inbox';

const person = (p: AppointmentDto['mxDoctor']): string => (p ? `${p.firstName} ${p.lastName}` : '—');

/** /admin: the live queue (appointments not finished, in realtime) and cancel with a confirmation. */
export function AdminScreen() {
  const { t, i18n } = useTranslation();
  const queue = useLiveQueue();
  const cancel = useCancelAppointment();
  const [confirming, setConfirming] = useState<AppointmentDto | null>(null);
  const [ledgerOf, setLedgerOf] = useState<{ id: string; name: string } | null>(null);
  useAdminRealtime();

  const handleConfirm = () => {
    if (!confirming) return;
    cancel.mutate(confirming.id, {
      onSuccess: () => {
        showToast({ variant: 'success', message: 'admin_cancel_done' });
        setConfirming(null);
      },
      onError: (error) => {
        const gone = isApiRequestError(error) && ['APPOINTMENT_ALREADY_CANCELED', 'APPOINTMENT_ALREADY_FINISHED', 'CONFLICT', 'NOT_FOUND'].includes(error.code);
        showToast({ variant: 'warning', message: gone ? 'admin_cancel_gone' : 'admin_cancel_error' });
        setConfirming(null);
      },
    });
  };

  const items = queue.data ?? [];

  return (
    <AdminConsole testId="admin">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            {t('admin_queue_title')}
          </Typography>
          <Typography color="text.secondary">{t('admin_queue_subtitle')}</Typography>
        </Box>
        {queue.isError ? <Alert severity="error">{t('admin_queue_error')}</Alert> : null}
        {queue.isPending ? (
          <Skeleton variant="rounded" height={200} />
        ) : (
          // The table scrolls sideways on narrow windows: a named, focusable region scrolls with the keyboard too (WCAG 2.1.1).
          <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }} tabIndex={0} role="region" aria-label={t('admin_queue_title')} data-testid="admin-queue" data-count={items.length}>
            <Table size="small" sx={{ minWidth: 720 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('admin_col_member')}</TableCell>
                  <TableCell>{t('admin_col_state')}</TableCell>
                  <TableCell>{t('admin_col_practice')}</TableCell>
                  <TableCell>{t('admin_col_coach')}</TableCell>
                  <TableCell>{t('admin_col_us_doctor')}</TableCell>
                  <TableCell>{t('admin_col_started')}</TableCell>
                  <TableCell align="right">{t('admin_col_actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={7}>
                      <Typography color="text.secondary" sx={{ py: 2 }} data-testid="admin-queue-empty">
                        {t('admin_queue_empty')}
                      </Typography>
                    </TableCell>
                  </TableRow>
                ) : (
                  items.map((a) => (
                    <TableRow key={a.id} data-testid={`admin-row-${a.id}`} data-state={a.state}>
                      <TableCell>{a.memberName ?? '—'}</TableCell>
                      <TableCell>
                        <Chip size="small" label={t(`admin_state_${a.state}`)} />
                      </TableCell>
                      <TableCell>
                        {t(`admin_practice_${a.practice}`)} · {a.language.toUpperCase()}
                      </TableCell>
                      <TableCell>{person(a.mxDoctor)}</TableCell>
                      <TableCell>{person(a.usDoctor)}</TableCell>
                      <TableCell>{new Date(a.startDate).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })}</TableCell>
                      <TableCell align="right">
                        <Button size="small" sx={{ mr: 1 }} onClick={() => setLedgerOf({ id: a.memberId, name: a.memberName ?? '—' })} data-testid={`admin-ledger-${a.id}`}>
                          {t('admin_ledger_open')}
                        </Button>
                        <Button size="small" color="error" variant="outlined" onClick={() => setConfirming(a)} data-testid={`admin-cancel-${a.id}`}>
                          {t('admin_cancel')}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <SupportInbox />
        <DeadLetters />
      </Box>
      <MemberLedgerDialog member={ledgerOf} onClose={() => setLedgerOf(null)} />
      <Dialog open={confirming !== null} onClose={() => (cancel.isPending ? undefined : setConfirming(null))} maxWidth="xs" fullWidth>
        <div data-testid="admin-cancel-dialog">
          <DialogTitle>{t('admin_cancel_confirm_title')}</DialogTitle>
          <DialogContent>
            <Typography>{t('admin_cancel_confirm_body', { name: confirming?.memberName ?? '—' })}</Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 3 }}>
            <Button onClick={() => setConfirming(null)} disabled={cancel.isPending} data-testid="admin-cancel-keep">
              {t('admin_cancel_keep')}
            </Button>
            <Button variant="contained" color="error" onClick={handleConfirm} disabled={cancel.isPending} data-testid="admin-cancel-confirm">
              {t('admin_cancel_confirm')}
            </Button>
          </DialogActions>
        </div>
      </Dialog>
    </AdminConsole>
  );
}

/** /admin/soporte: the support inbox on its own. */
export function AdminSupportScreen() {
  return (
    <AdminConsole testId="admin-support">
      <SupportInbox page />
    </AdminConsole>
  );
}
