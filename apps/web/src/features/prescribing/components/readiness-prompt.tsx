import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMember } from '@/features/profile';
import { usePrescriptionReadiness } from '../api/get-prescription-readiness';
import { PharmacyPicker } from './pharmacy-picker';
import { ReadinessAddress } from './readiness-address';
import { ReadinessPhone } from './readiness-phone';

/**
 * Readiness before escalation (issue 12): while the member waits for a US doctor, what a
 * prescription still needs (state, address, phone, pharmacy where it is delivered) is asked of her
 * here, so a prescription cannot fail mid-consultation.
 */
export function ReadinessPrompt({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation();
  const readiness = usePrescriptionReadiness(appointmentId);
  const member = useMember();
  const missing = readiness.data?.missing ?? [];
  if (!readiness.data || readiness.data.ready) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2.5, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 2, textAlign: 'left' }} data-testid="readiness-prompt">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('readiness_title')}
      </Typography>
      <Typography variant="body2">{t('readiness_intro')}</Typography>
      {missing.includes('state') ? <Alert severity="info">{t('readiness_state')}</Alert> : null}
      {missing.includes('address') ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Alert severity="info" data-testid="readiness-contact">
            {t(missing.includes('phone') ? 'readiness_address_phone' : 'readiness_address')}
          </Alert>
          <ReadinessAddress />
        </Box>
      ) : null}
      {missing.includes('phone') ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {missing.includes('address') ? null : (
            <Alert severity="info" data-testid="readiness-contact">
              {t('readiness_phone')}
            </Alert>
          )}
          {/* A phone number is verified with a code, here: she does not leave the waiting room. */}
          <ReadinessPhone />
        </Box>
      ) : null}
      {missing.includes('pharmacy') ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="readiness-pharmacy">
          <Typography variant="subtitle2" component="h3">
            {t('readiness_pharmacy')}
          </Typography>
          {/* Keyed by her zip code: once she gives her address here, the stores near it are listed. */}
          <PharmacyPicker key={member.data?.address?.zipCode ?? 'no-zip'} appointmentId={appointmentId} initialZip={member.data?.address?.zipCode ?? undefined} />
        </Box>
      ) : null}
    </Paper>
  );
}
