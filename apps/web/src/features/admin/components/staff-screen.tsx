import type { StaffMemberDto } from '@puente/contracts';
import { ADMIN_PAGE_SIZES, STAFF_TYPES, type StaffType } from '@puente/domain';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { useStaffPage } from '../api/get-staff';
import { useResetAuthenticator } from '../api/reset-authenticator';
import { AdminSectionHeader } from './admin-section-header';
import { AdminConsole } from './admin-console';
import { AdminGrid } from './admin-grid';
import { StaffFormDialog } from './staff-form-dialog';

const fullName = (s: StaffMemberDto) => [s.firstName, s.lastName].filter(Boolean).join(' ');

/** /admin/personal: coaches, US doctors and admins; create, edit, reset a lost authenticator. */
export function StaffScreen() {
  const { t } = useTranslation();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [kind, setKind] = useState<StaffType | ''>('');
  const [search, setSearch] = useState('');
  const page = useStaffPage({ page: pagination.page, pageSize: pagination.pageSize, userType: kind || undefined, search: search.trim() || undefined });
  const [form, setForm] = useState<{ editing: StaffMemberDto | null } | null>(null);
  const [resetting, setResetting] = useState<StaffMemberDto | null>(null);
  const reset = useResetAuthenticator();

  const handleReset = () => {
    if (!resetting) return;
    reset.mutate(resetting.id, {
      onSuccess: () => showToast({ variant: 'success', message: 'admin_staff_reset_done' }),
      onError: () => showToast({ variant: 'error', message: 'admin_staff_error' }),
      onSettled: () => setResetting(null),
    });
  };

  const columns = useMemo<GridColDef<StaffMemberDto>[]>(
    () => [
      { field: 'name', headerName: t('admin_staff_col_name'), flex: 1, minWidth: 160, sortable: false, valueGetter: (_v, row) => fullName(row) },
      { field: 'userType', headerName: t('admin_staff_col_kind'), width: 150, sortable: false, valueGetter: (_v, row) => t(`admin_staff_kind_${row.userType}`) },
      { field: 'email', headerName: t('admin_staff_email'), flex: 1, minWidth: 200, sortable: false },
      { field: 'languages', headerName: t('admin_staff_languages'), width: 110, sortable: false, valueGetter: (_v, row) => row.languages.map((l) => l.toUpperCase()).join(', ') },
      { field: 'licenses', headerName: t('admin_staff_col_licenses'), width: 150, sortable: false, valueGetter: (_v, row) => row.licenses.map((l) => l.state).join(', ') },
      {
        field: 'totpEnrolled',
        headerName: t('admin_staff_col_totp'),
        width: 150,
        sortable: false,
        renderCell: ({ row }) => <Chip size="small" color={row.totpEnrolled ? 'success' : 'default'} label={t(row.totpEnrolled ? 'admin_staff_totp_on' : 'admin_staff_totp_off')} />,
      },
      {
        field: 'actions',
        headerName: t('admin_col_actions'),
        width: 320,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button size="small" variant="outlined" onClick={() => setForm({ editing: row })} data-testid={`admin-staff-edit-${row.id}`} aria-label={`${t('admin_staff_edit')} ${fullName(row)}`}>
              {t('admin_staff_edit')}
            </Button>
            <Button size="small" color="error" variant="outlined" onClick={() => setResetting(row)} data-testid={`admin-staff-reset-${row.id}`} aria-label={`${t('admin_staff_reset')} ${fullName(row)}`}>
              {t('admin_staff_reset')}
            </Button>
          </Box>
        ),
      },
    ],
    [t],
  );

  return (
    <AdminConsole testId="admin-staff">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <AdminSectionHeader title={t('admin_staff_title')} subtitle={t('admin_staff_subtitle')} action={{ label: t('admin_staff_new'), onClick: () => setForm({ editing: null }), testId: 'admin-staff-new' }} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <TextField
            select
            size="small"
            label={t('admin_staff_kind')}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as StaffType | '');
              setPagination((p) => ({ ...p, page: 0 }));
            }}
            sx={{ minWidth: 200 }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('admin_staff_kind_all')}</MenuItem>
            {STAFF_TYPES.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`admin_staff_kind_${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('admin_staff_search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPagination((p) => ({ ...p, page: 0 }));
            }}
            slotProps={{ htmlInput: { 'data-testid': 'admin-staff-search', maxLength: 100 } }}
          />
        </Box>
        {page.isError ? <Alert severity="error">{t('admin_staff_error')}</Alert> : null}
        <Box data-testid="admin-staff-grid" data-count={page.data?.total ?? 0}>
          <AdminGrid
            label={t('admin_staff_title')}
            rows={page.data?.items ?? []}
            columns={columns}
            rowCount={page.data?.total ?? 0}
            loading={page.isFetching}
            paginationMode="server"
            paginationModel={pagination}
            onPaginationModelChange={setPagination}
            pageSizeOptions={[...ADMIN_PAGE_SIZES]}
          />
        </Box>
      </Box>
      <StaffFormDialog open={form !== null} editing={form?.editing ?? null} onClose={() => setForm(null)} />
      <Dialog open={resetting !== null} onClose={() => (reset.isPending ? undefined : setResetting(null))} maxWidth="xs" fullWidth aria-labelledby="admin-reset-title">
        <div data-testid="admin-staff-reset-dialog">
          <DialogTitle id="admin-reset-title">{t('admin_staff_reset_title')}</DialogTitle>
          <DialogContent>
            <Typography>{t('admin_staff_reset_body', { name: resetting ? fullName(resetting) : '' })}</Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 3 }}>
            <Button onClick={() => setResetting(null)} disabled={reset.isPending}>
              {t('admin_staff_cancel')}
            </Button>
            <Button variant="contained" color="error" onClick={handleReset} disabled={reset.isPending} data-testid="admin-staff-reset-confirm">
              {t('admin_staff_reset_confirm')}
            </Button>
          </DialogActions>
        </div>
      </Dialog>
    </AdminConsole>
  );
}
