import type { AdminMemberDto, AuditEntryDto } from '@puente/contracts';
import { ADMIN_PAGE_SIZES, formatPhoneForDisplay } from '@puente/domain';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@/lib/api-client';
import { useFindMembers } from '../api/find-members';
import { useMemberAudit } from '../api/get-member-audit';
import { useMemberLedger } from '../api/get-member-ledger';
import { AdminConsole } from './admin-console';
import { AdminGrid } from './admin-grid';
import { currentAccessText } from './ledger-current';

const when = (iso: string | null, lang: string) => (iso ? new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' }) : '—');

function MemberAudit({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const audit = useMemberAudit(memberId, pagination.page, pagination.pageSize);
  const columns = useMemo<GridColDef<AuditEntryDto>[]>(
    () => [
      { field: 'at', headerName: t('admin_audit_col_at'), width: 190, sortable: false, valueGetter: (_v, row) => when(row.at, i18n.language) },
      { field: 'actor', headerName: t('admin_audit_col_actor'), flex: 1, minWidth: 180, sortable: false, valueGetter: (_v, row) => `${row.actorName ?? row.actorId ?? t('admin_audit_system')} (${row.actorRole})` },
      { field: 'action', headerName: t('admin_audit_col_action'), width: 110, sortable: false },
      { field: 'resource', headerName: t('admin_audit_col_resource'), width: 170, sortable: false },
      { field: 'fields', headerName: t('admin_audit_col_fields'), flex: 1, minWidth: 160, sortable: false, valueGetter: (_v, row) => row.fields.join(', ') },
    ],
    [t, i18n.language],
  );
  return (
    <Box data-testid="admin-member-audit" data-count={audit.data?.total ?? 0}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('admin_audit_title')}
      </Typography>
      {audit.isError ? <Alert severity="error">{t('admin_members_error')}</Alert> : null}
      <AdminGrid
        label={t('admin_audit_title')}
        rows={audit.data?.items ?? []}
        columns={columns}
        rowCount={audit.data?.total ?? 0}
        loading={audit.isFetching}
        paginationMode="server"
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        pageSizeOptions={[...ADMIN_PAGE_SIZES]}
      />
    </Box>
  );
}

function MemberLedger({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation();
  const ledger = useMemberLedger(memberId);
  const events = [...(ledger.data?.events ?? [])].reverse();
  return (
    <Box data-testid="admin-member-ledger" data-count={events.length}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('admin_ledger_title')}
      </Typography>
      {ledger.isError ? <Alert severity="error">{t('admin_members_error')}</Alert> : null}
      {ledger.data ? (
        <Typography sx={{ mb: 1 }} data-testid="admin-member-ledger-current">
          {ledger.data.current ? currentAccessText(t, ledger.data.current, when(ledger.data.current.expiresAt, i18n.language)) : t('admin_ledger_none')}
        </Typography>
      ) : null}
      <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={t('admin_ledger_title')}>
        <Table size="small" sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('admin_ledger_col_at')}</TableCell>
              <TableCell>{t('admin_ledger_col_source')}</TableCell>
              <TableCell>{t('admin_ledger_col_kind')}</TableCell>
              <TableCell>{t('admin_ledger_col_plan')}</TableCell>
              <TableCell>{t('admin_ledger_col_expires')}</TableCell>
              <TableCell>{t('admin_ledger_col_origin')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {events.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6}>{t('admin_ledger_empty')}</TableCell>
              </TableRow>
            ) : (
              events.map((e) => (
                <TableRow key={e.id}>
                  <TableCell>{when(e.occurredAt, i18n.language)}</TableCell>
                  <TableCell>{e.source}</TableCell>
                  <TableCell>{e.kind}</TableCell>
                  <TableCell>{e.planId ?? '—'}</TableCell>
                  <TableCell>{when(e.expiresAt, i18n.language)}</TableCell>
                  <TableCell>{e.origin}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

/** Members found per page (paged on the server). */
const MEMBERS_PAGE_SIZE = 10;

/** /admin/socios: a member by phone or id, then her audit log and entitlement ledger (read-only, audited). */
export function MembersScreen() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<AdminMemberDto | null>(null);
  const [page, setPage] = useState(0);
  const found = useFindMembers(query, page, MEMBERS_PAGE_SIZE);
  const total = found.data?.total ?? 0;
  const fieldError = isApiRequestError(found.error) ? found.error.fields?.query : undefined;

  const handleSearch = (e: FormEvent) => {
    e.preventDefault();
    setSelected(null);
    setPage(0);
    setQuery(draft.trim());
  };
  const items = found.data?.items ?? [];

  return (
    <AdminConsole testId="admin-members">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            {t('admin_members_title')}
          </Typography>
          <Typography color="text.secondary">{t('admin_members_subtitle')}</Typography>
        </Box>
        <Box component="form" onSubmit={handleSearch} role="search" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('admin_members_query')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            error={!!fieldError}
            helperText={fieldError ? t(fieldError) : t('admin_members_query_hint')}
            sx={{ minWidth: { xs: '100%', sm: 360 } }}
            slotProps={{ htmlInput: { 'data-testid': 'admin-members-query', maxLength: 60 } }}
          />
          <Button type="submit" variant="contained" data-testid="admin-members-search">
            {t('admin_members_search')}
          </Button>
        </Box>
        {found.isSuccess && items.length === 0 ? <Alert severity="info">{t('admin_members_none')}</Alert> : null}
        {items.length > 0 ? (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="admin-members-results">
            {items.map((m) => (
              <li key={m.id}>
                <Button
                  variant={selected?.id === m.id ? 'contained' : 'outlined'}
                  onClick={() => setSelected(m)}
                  sx={{ justifyContent: 'flex-start', textTransform: 'none', width: { xs: '100%', sm: 'auto' } }}
                  data-testid={`admin-member-${m.id}`}
                >
                  {m.deleted ? t('admin_members_deleted') : [m.firstName, m.lastName].filter(Boolean).join(' ') || '—'} · {m.phoneNumber ? formatPhoneForDisplay(m.phoneNumber) : '—'} · {m.id}
                </Button>
              </li>
            ))}
          </Box>
        ) : null}
        {total > MEMBERS_PAGE_SIZE ? (
          <Box component="nav" aria-label={t('admin_members_pages')} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid="admin-members-pages">
            <Button size="small" variant="outlined" disabled={page === 0 || found.isFetching} onClick={() => setPage((p) => p - 1)} data-testid="admin-members-prev">
              {t('admin_members_prev')}
            </Button>
            <Typography variant="body2" aria-live="polite">
              {t('admin_members_range', { from: page * MEMBERS_PAGE_SIZE + 1, to: Math.min(total, (page + 1) * MEMBERS_PAGE_SIZE), total })}
            </Typography>
            <Button size="small" variant="outlined" disabled={(page + 1) * MEMBERS_PAGE_SIZE >= total || found.isFetching} onClick={() => setPage((p) => p + 1)} data-testid="admin-members-next">
              {t('admin_members_next')}
            </Button>
          </Box>
        ) : null}
        {selected ? (
          <>
            <MemberAudit memberId={selected.id} />
            <MemberLedger memberId={selected.id} />
          </>
        ) : null}
      </Box>
    </AdminConsole>
  );
}
