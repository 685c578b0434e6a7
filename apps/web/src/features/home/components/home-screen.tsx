import MedicalServicesOutlined from '@mui/icons-material/MedicalServicesOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Screen } from '@/components/ui/screen';
import { useMember } from '@/lib/member-query';

/** /inicio: a minimal home for now; the tiles and appointment card arrive with their issues. */
export function HomeScreen() {
  const { t } = useTranslation();
  const member = useMember();
  const name = member.data?.firstName?.trim();

  return (
    <Screen testId="home-screen">
      <Box sx={{ mt: 2 }}>
        {member.isPending && member.fetchStatus === 'fetching' ? (
          <Skeleton variant="text" width="60%" sx={{ fontSize: 32 }} />
        ) : (
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }} data-testid="home-greeting">
            {name ? t('home_greeting', { name }) : t('home_greeting_generic')}
          </Typography>
        )}
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('home_subtitle')}
        </Typography>
      </Box>
      <Paper elevation={0} sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'center' }}>
        <MedicalServicesOutlined color="primary" sx={{ fontSize: 40 }} />
        <Typography>{t('home_coming_soon')}</Typography>
      </Paper>
    </Screen>
  );
}
