import { buildPath } from '@puente/domain';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Screen } from '@/components/ui/screen';
import { useSessionToken } from '@/lib/session';

/** /usar-mi-telefono (reached from the verified-email screen's close button): sign in with the phone. */
export function UseMyPhoneScreen() {
  const { t } = useTranslation();
  const token = useSessionToken();
  return (
    <Screen testId="use-my-phone-screen">
      <Box sx={{ textAlign: 'center', mt: 6 }}>
        <PhoneIphoneOutlined color="primary" sx={{ fontSize: 72 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mt: 2 }}>
          {t('use_my_phone_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('use_my_phone_body')}
        </Typography>
      </Box>
      <Button component={RouterLink} to={token ? '/' : buildPath('login')} variant="contained" size="large" data-testid="use-my-phone-continue">
        {token ? t('use_my_phone_go_home') : t('use_my_phone_sign_in')}
      </Button>
    </Screen>
  );
}
