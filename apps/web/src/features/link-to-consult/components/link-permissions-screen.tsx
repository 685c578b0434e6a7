import { buildPath } from '@puente/domain';
import VideocamOffOutlined from '@mui/icons-material/VideocamOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Screen } from '@/components/ui/screen';
import { LINK_RETRY_KEY } from './link-entry-screen';

/** /link-to-consult-permissions (spec 8: camera denied, 'Permission denied', 'Permission dismissed'). */
export function LinkPermissionsScreen() {
  const { t } = useTranslation();
  const handleRetry = () => {
    let target = buildPath('linkToConsultClosed');
    try {
      target = window.sessionStorage.getItem(LINK_RETRY_KEY) ?? target;
    } catch {
      // storage may be unavailable
    }
    window.location.assign(target);
  };
  return (
    <Screen testId="link-permissions-screen">
      <VideocamOffOutlined color="primary" sx={{ fontSize: 64 }} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
        {t('link_permissions_title')}
      </Typography>
      <Typography color="text.secondary">{t('link_permissions_body')}</Typography>
      <Box component="ol" sx={{ pl: 3, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <li>{t('link_permissions_step_1')}</li>
        <li>{t('link_permissions_step_2')}</li>
        <li>{t('link_permissions_step_3')}</li>
      </Box>
      <Button variant="contained" onClick={handleRetry} data-testid="link-permissions-retry">
        {t('link_permissions_retry')}
      </Button>
    </Screen>
  );
}
