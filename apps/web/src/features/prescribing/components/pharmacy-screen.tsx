import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ROUTES } from '@puente/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Screen } from '@/components/ui/screen';
import { useMember } from '@/features/profile';
import { PharmacyPicker } from './pharmacy-picker';

/** /perfil/farmacia: the member's preferred pharmacy, chosen from the directory (issue 12). */
export function PharmacyScreen() {
  const { t } = useTranslation();
  const member = useMember();
  return (
    <Screen testId="pharmacy-screen">
      <Box>
        <Button component={RouterLink} to={ROUTES.profile.path} startIcon={<ArrowBack />}>
          {t('pharmacy_back')}
        </Button>
      </Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
        {t('pharmacy_title')}
      </Typography>
      <Typography color="text.secondary">{t('pharmacy_intro')}</Typography>
      <PharmacyPicker initialZip={member.data?.address?.zipCode ?? undefined} />
    </Screen>
  );
}
