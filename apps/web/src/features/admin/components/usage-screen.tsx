import type { UsageQuery, UsageRow } from '@puente/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@/lib/api-client';
import { useUsage } from '../api/get-usage';
import { AdminConsole } from './admin-console';
import { AdminGrid } from './admin-grid';

type Row = UsageRow & { id: string };
const shown = (v: number | null, unit = '') => (v === null ? '—' : `${v}${unit}`);

/** /admin/uso: consultations by month, practice and channel, waits and satisfaction; small counts suppressed. */
export function UsageScreen() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<{ organizationId: string; from: string; to: string }>({ organizationId: '', from: '', to: '' });
  const [query, setQuery] = useState<UsageQuery>({});
  const usage = useUsage(query);
  const fields = isApiRequestError(usage.error) ? (usage.error.fields ?? {}) : {};

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setQuery({ organizationId: draft.organizationId.trim() || undefined, from: draft.from || undefined, to: draft.to || undefined });
  };

  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      { field: 'month', headerName: t('admin_usage_col_month'), width: 110 },
      { field: 'practice', headerName: t('admin_usage_col_practice'), width: 150, valueGetter: (_v, row) => t(`admin_practice_${row.practice}`) },
      { field: 'channel', headerName: t('admin_usage_col_channel'), width: 130, valueGetter: (_v, row) => t(`admin_channel_${row.channel}`) },
      { field: 'consultations', headerName: t('admin_usage_col_consultations'), width: 130, type: 'string' },
      { field: 'medianWaitMinutes', headerName: t('admin_usage_col_wait'), width: 170, valueGetter: (_v, row) => shown(row.medianWaitMinutes, ' min') },
      { field: 'surveys', headerName: t('admin_usage_col_surveys'), width: 110 },
      { field: 'satisfaction', headerName: t('admin_usage_col_satisfaction'), width: 150, valueGetter: (_v, row) => shown(row.satisfaction, ' / 5') },
    ],
    [t],
  );
  const rows: Row[] = (usage.data?.rows ?? []).map((r) => ({ ...r, id: `${r.month}|${r.practice}|${r.channel}` }));
  const totals = usage.data?.totals;

  return (
    <AdminConsole testId="admin-usage">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            {t('admin_usage_title')}
          </Typography>
          <Typography color="text.secondary">{t('admin_usage_subtitle', { threshold: usage.data?.threshold ?? 5 })}</Typography>
        </Box>
        <Box component="form" onSubmit={handleSubmit} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('admin_usage_organization')}
            value={draft.organizationId}
            onChange={(e) => setDraft({ ...draft, organizationId: e.target.value })}
            error={!!fields.organizationId}
            helperText={fields.organizationId ? t(fields.organizationId) : t('admin_usage_organization_hint')}
            sx={{ minWidth: { xs: '100%', sm: 340 } }}
            slotProps={{ htmlInput: { 'data-testid': 'admin-usage-organization', maxLength: 40 } }}
          />
          <TextField size="small" type="month" label={t('admin_usage_from')} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} error={!!fields.from} helperText={fields.from ? t(fields.from) : undefined} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'admin-usage-from' } }} />
          <TextField size="small" type="month" label={t('admin_usage_to')} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} error={!!fields.to} helperText={fields.to ? t(fields.to) : undefined} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'admin-usage-to' } }} />
          <Button type="submit" variant="contained" data-testid="admin-usage-show">
            {t('admin_usage_show')}
          </Button>
        </Box>
        {usage.isError && Object.keys(fields).length === 0 ? <Alert severity="error">{t('admin_usage_error')}</Alert> : null}
        {usage.data ? (
          <Typography data-testid="admin-usage-totals" data-consultations={String(totals?.consultations)}>
            {t('admin_usage_totals', {
              from: usage.data.from,
              to: usage.data.to,
              consultations: totals?.consultations,
              wait: shown(totals?.medianWaitMinutes ?? null, ' min'),
              satisfaction: shown(totals?.satisfaction ?? null, ' / 5'),
            })}
          </Typography>
        ) : null}
        {usage.data?.totalsExcludeHidden ? (
          <Typography variant="body2" color="text.secondary" data-testid="admin-usage-totals-note">
            {t('admin_usage_totals_exclude_hidden', { threshold: usage.data.threshold })}
          </Typography>
        ) : null}
        <Box data-testid="admin-usage-grid" data-count={rows.length}>
          <AdminGrid label={t('admin_usage_title')} rows={rows} columns={columns} loading={usage.isFetching} pageSizeOptions={[25, 50, 100]} initialState={{ pagination: { paginationModel: { pageSize: 25 } } }} />
        </Box>
      </Box>
    </AdminConsole>
  );
}
