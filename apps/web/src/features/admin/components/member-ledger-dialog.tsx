import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMemberLedger } from '../api/get-member-ledger';
import { currentAccessText } from './ledger-current';

/** The admin reads a member's entitlement ledger (every source of access, append-only) and what it derives. */
export function MemberLedgerDialog({ member, onClose }: { member: { id: string; name: string } | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const ledger = useMemberLedger(member?.id ?? null);
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' }) : '—');
  const current = ledger.data?.current;
  return (
    <Dialog open={member !== null} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="admin-ledger-title">
      <DialogTitle id="admin-ledger-title">{t('admin_ledger_dialog_title', { name: member?.name ?? '' })}</DialogTitle>
      <DialogContent data-testid="admin-ledger">
        {ledger.isPending ? <Skeleton variant="rounded" height={120} /> : null}
        {ledger.isError ? <Alert severity="error">{t('admin_ledger_error')}</Alert> : null}
        {ledger.data ? (
          <>
            <Typography sx={{ mb: 2 }} data-testid="admin-ledger-current">
              {current ? currentAccessText(t, current, date(current.expiresAt)) : t('admin_ledger_none')}
            </Typography>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('admin_ledger_col_when')}</TableCell>
                  <TableCell>{t('admin_ledger_col_source')}</TableCell>
                  <TableCell>{t('admin_ledger_col_kind')}</TableCell>
                  <TableCell>{t('admin_ledger_col_plan')}</TableCell>
                  <TableCell>{t('admin_ledger_col_until')}</TableCell>
                  <TableCell>{t('admin_ledger_col_origin')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {ledger.data.events.map((e) => (
                  <TableRow key={e.id} data-testid="admin-ledger-event">
                    <TableCell>{date(e.occurredAt)}</TableCell>
                    <TableCell>{e.source}</TableCell>
                    <TableCell>{e.kind}</TableCell>
                    <TableCell>{e.planId ?? '—'}</TableCell>
                    <TableCell>{date(e.expiresAt)}</TableCell>
                    <TableCell>{e.origin}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin_ledger_close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
