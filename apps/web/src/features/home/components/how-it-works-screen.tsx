import { buildPath } from '@puente/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';

const STEPS = [1, 2, 3, 4] as const;

/** /como-funciona: how it works in 4 steps and a Start consultation button (spec 2). */
export function HowItWorksScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Screen testId="how-it-works-screen">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton aria-label={t('back')} onClick={() => void navigate(buildPath('home'))} edge="start">
          <ArrowBack />
        </IconButton>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {t('how_it_works_title')}
        </Typography>
      </Box>
      {STEPS.map((n) => (
        <Paper key={n} elevation={0} sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'flex-start', border: 1, borderColor: 'divider' }} data-testid={`how-it-works-step-${n}`}>
          <Avatar sx={{ bgcolor: 'primary.main', fontWeight: 800 }}>{n}</Avatar>
          <Box>
            <Typography sx={{ fontWeight: 700 }}>{t(`how_it_works_step_${n}_title`)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`how_it_works_step_${n}_body`)}
            </Typography>
          </Box>
        </Paper>
      ))}
      <Button size="large" variant="contained" onClick={() => void navigate(buildPath('availableCoaches'))} data-testid="start-consultation">
        {t('how_it_works_start')}
      </Button>
    </Screen>
  );
}
