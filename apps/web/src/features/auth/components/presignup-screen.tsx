import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { HelpDrawer } from '@/features/configs';
import { ProtectionBanner } from '@/components/ui/protection-banner';
import { Screen } from '@/components/ui/screen';
import { chosenLanguage } from '@/lib/i18n';
import { ROUTES } from '@/lib/routes';
import { track } from '@/lib/track';

/**
 * /presignup: employer code entry (`employerCode`, composed by the route table from the
 * organizations feature), a Start button for newcomers, the Login button for members, help, and
 * back to the language screen. The protection banner shows only when the language is not English.
 */
export function PresignupScreen({ employerCode }: { employerCode: ReactNode }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);

  const handleBack = () => void navigate(ROUTES.selectLanguage);
  // The language she chose (i18n switches when its messages have arrived: a quick tap after
  // choosing English would otherwise be tracked in Spanish).
  const handleLogin = () => {
    void track('login_started', { language: chosenLanguage(i18n) });
    void navigate(ROUTES.login);
  };
  // A new phone number creates the account at /login (spec 4), so starting is the same sign-in.
  const handleStart = () => {
    void track('signup_started', { language: chosenLanguage(i18n) });
    void navigate(ROUTES.login);
  };

  return (
    <Screen testId="presignup-screen">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Button onClick={handleBack} data-testid="back-to-language">
          {t('presignup_back_to_language')}
        </Button>
        <Button color="secondary" onClick={() => setHelpOpen(true)} data-testid="help-link">
          {t('help_link')}
        </Button>
      </Box>
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        <Typography variant="h3" component="p" color="primary" sx={{ fontWeight: 800 }}>
          {t('app_name')}
        </Typography>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mt: 2 }}>
          {t('presignup_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('presignup_subtitle')}
        </Typography>
      </Box>
      {i18n.language !== 'en' ? <ProtectionBanner /> : null}
      {employerCode}
      <Paper elevation={0} sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="presignup-new">
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('presignup_new_title')}
        </Typography>
        <Typography color="text.secondary">{t('presignup_new_body')}</Typography>
        <Button fullWidth size="large" variant="contained" onClick={handleStart} data-testid="presignup-start">
          {t('presignup_start_button')}
        </Button>
      </Paper>
      <Box sx={{ textAlign: 'center', mt: 1 }}>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('presignup_have_account')}
        </Typography>
        <Button fullWidth size="large" variant="outlined" onClick={handleLogin} data-testid="presignup-login">
          {t('presignup_login_button')}
        </Button>
      </Box>
      <HelpDrawer open={helpOpen} onClose={() => setHelpOpen(false)} />
    </Screen>
  );
}
