import type { AdminOrganizationDto } from '@puente/contracts';
import { ADMIN_PAGE_SIZES } from '@puente/domain';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationsPage } from '../api/get-organizations';
import { AdminSectionHeader } from './admin-section-header';
import { AdminConsole } from './admin-console';
import { AdminGrid } from './admin-grid';
import { OrganizationFormDialog } from './organization-form-dialog';
import { RosterDialog } from './roster-dialog';

/** /admin/organizaciones: every organization; create, edit, upload an eligibility roster. */
export function OrganizationsScreen() {
  const { t } = useTranslation();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [search, setSearch] = useState('');
  const page = useOrganizationsPage({ page: pagination.page, pageSize: pagination.pageSize, search: search.trim() || undefined });
  const [form, setForm] = useState<{ editing: AdminOrganizationDto | null } | null>(null);
  const [roster, setRoster] = useState<AdminOrganizationDto | null>(null);

  const columns = useMemo<GridColDef<AdminOrganizationDto>[]>(
    () => [
      { field: 'name', headerName: t('admin_org_name'), flex: 1, minWidth: 180, sortable: false },
      { field: 'code', headerName: t('admin_org_code'), width: 140, sortable: false },
      { field: 'type', headerName: t('admin_org_type'), width: 130, sortable: false },
      { field: 'members', headerName: t('admin_org_col_members'), width: 100, sortable: false, type: 'number' },
      { field: 'sites', headerName: t('admin_org_col_sites'), width: 90, sortable: false, type: 'number', valueGetter: (_v, row) => row.sites.length },
      {
        field: 'enabled',
        headerName: t('admin_org_col_status'),
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <Chip size="small" color={row.enabled ? 'success' : 'default'} label={t(row.enabled ? 'admin_org_enabled_on' : 'admin_org_enabled_off')} />,
      },
      {
        field: 'actions',
        headerName: t('admin_col_actions'),
        width: 230,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button size="small" variant="outlined" onClick={() => setForm({ editing: row })} data-testid={`admin-org-edit-${row.id}`} aria-label={`${t('admin_org_edit')} ${row.name}`}>
              {t('admin_org_edit')}
            </Button>
            <Button size="small" variant="outlined" onClick={() => setRoster(row)} data-testid={`admin-org-roster-${row.id}`} aria-label={`${t('admin_org_roster')} ${row.name}`}>
              {t('admin_org_roster')}
            </Button>
          </Box>
        ),
      },
    ],
    [t],
  );

  return (
    <AdminConsole testId="admin-organizations">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <AdminSectionHeader title={t('admin_org_title')} subtitle={t('admin_org_subtitle')} action={{ label: t('admin_org_new'), onClick: () => setForm({ editing: null }), testId: 'admin-org-new' }} />
        <TextField
          size="small"
          label={t('admin_org_search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPagination((p) => ({ ...p, page: 0 }));
          }}
          sx={{ maxWidth: 360 }}
          slotProps={{ htmlInput: { 'data-testid': 'admin-org-search', maxLength: 100 } }}
        />
        {page.isError ? <Alert severity="error">{t('admin_org_error')}</Alert> : null}
        <Box data-testid="admin-org-grid" data-count={page.data?.total ?? 0}>
          <AdminGrid
            label={t('admin_org_title')}
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
      <OrganizationFormDialog open={form !== null} editing={form?.editing ?? null} onClose={() => setForm(null)} />
      <RosterDialog organization={roster} onClose={() => setRoster(null)} />
    </AdminConsole>
  );
}
