import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MemberRecord } from '@puente/contracts';
import { myPrescriptionState, prescriptionDirections } from '@puente/domain';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { showToast } from '@/lib/toast';
import { useOpenPrescriptionDocument } from '../api/get-prescription-document';
import { FreeTextBlock } from './free-text';

/**
 * The Treatment tab: each prescription with its directions built from its structured parts in the
 * reader's language (whatever language it was signed in), an old line's own instructions as written, and "my prescription" (spec 4:
 * pending, loading, ready, cancelled appointment) with the signed PDF once the treatment is completed
 * (when one exists: a prescription a vendor sent says where it went instead).
 */
export function TreatmentTab({ record }: { record: MemberRecord }) {
  const { t, i18n } = useTranslation();
  const reader = currentLanguage(i18n);
  const open = useOpenPrescriptionDocument();
  const { appointment } = record;
  const state = myPrescriptionState({ state: appointment.state, loading: open.isPending });
  const pharmacyName = appointment.medicalRecord?.pharmacy?.pharmStoreName;
  const handleOpen = () =>
    open.mutate(appointment.id, { onError: () => showToast({ variant: 'warning', message: 'record_prescription_error' }) });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="record-treatment">
      {appointment.prescriptions.map((p, index) => (
        <Paper key={`${p.code}-${index}`} elevation={0} sx={{ p: 2, border: 1, borderColor: 'divider' }} data-testid="prescription-line">
          <Typography sx={{ fontWeight: 700 }}>{p.name}</Typography>
          <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
            {prescriptionDirections(p, reader).map((d) => (
              <Box key={d.part} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t(`record_direction_${d.part}`)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {d.value}
                </Typography>
              </Box>
            ))}
          </Box>
          {record.prescriptionNotes[index] ? (
            <Box sx={{ mt: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {t('record_direction_instructions')}
              </Typography>
              <FreeTextBlock value={record.prescriptionNotes[index]} />
            </Box>
          ) : null}
        </Paper>
      ))}
      <Paper elevation={0} sx={{ p: 2, border: 1, borderColor: 'divider' }} data-testid={`my-prescription-${state}`}>
        <Typography sx={{ fontWeight: 700 }}>{t('record_my_prescription')}</Typography>
        {state === 'cancelled-appointment' ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('record_prescription_cancelled')}
          </Alert>
        ) : state === 'pending' ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('record_prescription_pending')}
          </Typography>
        ) : record.documentAvailable ? (
          <Button variant="contained" sx={{ mt: 1 }} startIcon={<DescriptionOutlined />} onClick={handleOpen} disabled={state === 'loading'} data-testid="prescription-document">
            {state === 'loading' ? t('record_loading') : t('record_prescription_open')}
          </Button>
        ) : (
          // Sent by an e-prescribing vendor (DoseSpot): no PDF of ours to download, only where it went.
          <Typography sx={{ mt: 1 }} data-testid="prescription-sent-to">
            {pharmacyName ? t('record_prescription_sent_to', { pharmacy: pharmacyName }) : t('record_prescription_sent')}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
