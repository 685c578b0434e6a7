import type { AdminOrganizationDto, RosterReportDto } from '@puente/contracts';
import { ROSTER_LIMITS, ROSTER_MODES, type RosterMode } from '@puente/domain';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorToastKey } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useUploadRoster } from '../api/upload-roster';

/** The report of one uploaded file: applied or not, the counts, and every bad row with its line. */
function RosterReport({ report }: { report: RosterReportDto }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="admin-roster-report" data-applied={report.applied} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Alert severity={report.applied ? 'success' : 'error'}>{t(report.applied ? 'admin_roster_applied' : 'admin_roster_not_applied')}</Alert>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, '& dd': { m: 0, fontWeight: 700 } }}>
        {(['rows', 'added', 'terminated', 'membersEnded'] as const).map((k) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <dt>{t(`admin_roster_${k}`)}</dt>
            <dd data-testid={`admin-roster-${k}`}>{report[k]}</dd>
          </Box>
        ))}
      </Box>
      {report.errors.length > 0 ? (
        <Table size="small" aria-label={t('admin_roster_errors')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('admin_roster_row')}</TableCell>
              <TableCell>{t('admin_roster_field')}</TableCell>
              <TableCell>{t('admin_roster_problem')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.errors.slice(0, 200).map((e, i) => (
              <TableRow key={`${e.row}-${e.field}-${i}`}>
                <TableCell>{e.row}</TableCell>
                <TableCell>{e.field}</TableCell>
                <TableCell>{t(e.message)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </Box>
  );
}

/**
 * The eligibility roster of an organization: a CSV (phone and/or identificationNumber, and in an
 * add/term file an action column). A full file ends the benefit of members no longer listed.
 */
export function RosterDialog({ organization, onClose }: { organization: AdminOrganizationDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const upload = useUploadRoster();
  const [mode, setMode] = useState<RosterMode>('full');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<RosterReportDto | null>(null);
  const [tooBig, setTooBig] = useState(false);

  useEffect(() => {
    // A new organization: a new form.
    setFile(null);
    setReport(null);
    setMode('full');
    setTooBig(false);
  }, [organization?.id]);

  const handleUpload = async () => {
    if (!organization || !file) return;
    if (file.size > ROSTER_LIMITS.maxBytes) {
      setTooBig(true);
      return;
    }
    try {
      setReport(await upload.mutateAsync({ organizationId: organization.id, mode, csv: await file.text() }));
    } catch (error) {
      showToast({ variant: 'error', message: errorToastKey(error, 'admin_org_error') });
    }
  };

  return (
    <Dialog open={organization !== null} onClose={upload.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="admin-roster-title">
      <div data-testid="admin-roster-dialog">
        <DialogTitle id="admin-roster-title">{t('admin_roster_title', { name: organization?.name ?? '' })}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t('admin_roster_hint')}
          </Typography>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">{t('admin_roster_mode')}</FormLabel>
            <RadioGroup value={mode} onChange={(e) => setMode(e.target.value as RosterMode)}>
              {ROSTER_MODES.map((m) => (
                <FormControlLabel key={m} value={m} label={t(`admin_roster_mode_${m}`)} control={<Radio slotProps={{ input: { 'data-testid': `admin-roster-mode-${m}` } as object }} />} />
              ))}
            </RadioGroup>
          </Box>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button component="label" variant="outlined" startIcon={<UploadFile />}>
              {t('admin_roster_choose')}
              <input
                hidden
                type="file"
                accept=".csv,text/csv"
                data-testid="admin-roster-file"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setReport(null);
                  setTooBig(false);
                }}
              />
            </Button>
            <Typography variant="body2" data-testid="admin-roster-file-name">
              {file ? file.name : t('admin_roster_no_file')}
            </Typography>
          </Box>
          {tooBig ? <Alert severity="error">{t('roster_file_too_large')}</Alert> : null}
          {report ? <RosterReport report={report} /> : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} disabled={upload.isPending}>
            {t('admin_roster_close')}
          </Button>
          <Button variant="contained" onClick={() => void handleUpload()} disabled={!file || upload.isPending} data-testid="admin-roster-upload">
            {t('admin_roster_upload')}
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
