import { buildPath } from '@puente/domain';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BottomDrawer } from '@/components/ui/bottom-drawer';

/** spec 9: the download-app prompt (mobile web, from the second dashboard visit). */
export function DownloadAppPrompt({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <BottomDrawer open={open} onClose={onClose} title={t('home_download_title')} testId="download-app-prompt">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <PhoneIphoneOutlined color="primary" sx={{ fontSize: 48 }} />
        <Typography color="text.secondary">{t('home_download_body')}</Typography>
      </Box>
      <Button variant="contained" component={RouterLink} to={buildPath('mobileRedirect')} onClick={onClose} data-testid="download-app-button">
        {t('home_download_button')}
      </Button>
    </BottomDrawer>
  );
}
