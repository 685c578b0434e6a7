import { buildPath } from '@puente/domain';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { currentPlatform } from '@/lib/platform';
import { Screen } from '@/components/ui/screen';
import { ProfileHeader } from './profile-header';

const permissionNow = (): NotificationPermission | 'unsupported' => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

// Not in the spec: how often the screen looks at the permission while the person is in the settings.
const PERMISSION_POLL_MS = 1_000;

/** The three steps to notifications in the settings: the iPhone's (spec 2), a browser's site settings elsewhere. */
const STEPS = {
  ios: ['notifications_step_1', 'notifications_step_2', 'notifications_step_3'],
  browser: ['notifications_browser_step_1', 'notifications_browser_step_2', 'notifications_browser_step_3'],
} as const;

/**
 * /perfil/notificaciones (spec 2: on iPhone): title, description, three numbered steps, a button to
 * the device settings; leaves to /perfil by itself once permission is granted. The web app is also
 * opened on Android and on computers, where the iPhone's steps were wrong and its settings address
 * opened nothing: there the steps are the browser's site settings, and the button asks the browser
 * while it still can (once refused, only its settings can allow it, and there is no button).
 */
export function NotificationsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [permission, setPermission] = useState(permissionNow);
  const ios = currentPlatform() === 'ios';

  useEffect(() => {
    if (permission === 'granted') {
      void navigate(buildPath('profile'), { replace: true });
      return undefined;
    }
    const id = window.setInterval(() => setPermission(permissionNow()), PERMISSION_POLL_MS);
    return () => window.clearInterval(id);
  }, [permission, navigate]);

  const handleOpenSettings = async () => {
    // A browser can only ask while the answer is still open; once denied, only its settings can change it.
    if (permission === 'default' && typeof Notification !== 'undefined') {
      setPermission(await Notification.requestPermission());
      return;
    }
    // iOS opens the app's page in Settings with this address; elsewhere the steps above explain the way.
    window.location.href = 'app-settings:';
  };

  return (
    <Screen testId="notifications-screen">
      <ProfileHeader title={t('notifications_title')} />
      <Box sx={{ textAlign: 'center' }}>
        <NotificationsActiveOutlined color="primary" sx={{ fontSize: 64 }} />
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('notifications_description')}
        </Typography>
      </Box>
      <Paper elevation={0} sx={{ p: 2.5 }}>
        <Box component="ol" sx={{ m: 0, pl: 3, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="notifications-steps">
          {(ios ? STEPS.ios : STEPS.browser).map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </Box>
      </Paper>
      {ios || permission === 'default' ? (
        <Button variant="contained" size="large" onClick={() => void handleOpenSettings()} data-testid="notifications-open-settings">
          {t(ios ? 'notifications_open_settings' : 'notifications_allow')}
        </Button>
      ) : null}
    </Screen>
  );
}
