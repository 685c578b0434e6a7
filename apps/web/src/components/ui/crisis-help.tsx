import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { crisisLines } from '@puente/domain';
import { useTranslation } from 'react-i18next';

/**
 * The crisis path of a mental-health consultation (issue 11), on the intake and in the waiting
 * room: the lines for the country the member is in now (988 and 911 in the US, 911 in Mexico),
 * and where she is, to tell the emergency service.
 */
export function CrisisHelp({ country, place }: { country: string | null | undefined; place?: string | null }) {
  const { t } = useTranslation();
  const lines = crisisLines(country);
  return (
    <Paper
      component="aside"
      variant="outlined"
      aria-labelledby="crisis-help-title"
      data-testid="crisis-help"
      data-country={(country ?? '').toUpperCase()}
      sx={{ p: 2, borderColor: 'error.main', borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 1, textAlign: 'left', width: '100%' }}
    >
      <Typography id="crisis-help-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('crisis_title')}
      </Typography>
      <Typography variant="body2">{t('crisis_body')}</Typography>
      {place ? (
        <Typography variant="body2" data-testid="crisis-place">
          {t('crisis_your_location', { place })}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {lines.map((line) => (
          <Box key={line.id} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" color="error" href={`tel:${line.number}`} startIcon={<PhoneInTalkOutlined />} data-testid={`crisis-call-${line.number}`}>
              {t(`crisis_call_${line.id.replace(/-/g, '_')}`)}
            </Button>
            {line.sms ? (
              <Button variant="outlined" color="error" href={`sms:${line.number}`} startIcon={<SmsOutlined />} data-testid={`crisis-text-${line.number}`}>
                {t(`crisis_text_${line.id.replace(/-/g, '_')}`)}
              </Button>
            ) : null}
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
