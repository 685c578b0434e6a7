import { buildPath } from '@puente/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';

const TIPS = ['hydration', 'sleep', 'movement', 'stress', 'checkups'] as const;
// Not in the spec: the addresses of the social accounts (it names "social links" only).
export const SOCIAL_LINKS = [
  { id: 'instagram', url: 'https://www.instagram.com/puentesalud' },
  { id: 'facebook', url: 'https://www.facebook.com/puentesalud' },
  { id: 'tiktok', url: 'https://www.tiktok.com/@puentesalud' },
] as const;

/** /consejos-de-salud: health tips and social links (spec 2). */
export function HealthTipsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Screen testId="health-tips-screen">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton aria-label={t('back')} onClick={() => void navigate(buildPath('home'))} edge="start">
          <ArrowBack />
        </IconButton>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {t('health_tips_title')}
        </Typography>
      </Box>
      {TIPS.map((tip) => (
        <Paper key={tip} elevation={0} sx={{ p: 2, border: 1, borderColor: 'divider' }} data-testid={`health-tip-${tip}`}>
          <Typography sx={{ fontWeight: 700 }}>{t(`health_tip_${tip}_title`)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`health_tip_${tip}_body`)}
          </Typography>
        </Paper>
      ))}
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('health_tips_social_title')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {SOCIAL_LINKS.map((link) => (
          <Button key={link.id} variant="outlined" color="secondary" href={link.url} target="_blank" rel="noopener noreferrer" data-testid={`social-${link.id}`}>
            {t(`health_tips_social_${link.id}`)}
          </Button>
        ))}
      </Box>
    </Screen>
  );
}
