import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ROUTES } from '@/lib/routes';
import { BottomDrawer } from './bottom-drawer';

export function PrivacyDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <BottomDrawer open={open} onClose={onClose} title={t('privacy_drawer_title')} testId="privacy-drawer">
      <Typography color="text.secondary">{t('privacy_drawer_body')}</Typography>
      <Button variant="outlined" component={RouterLink} to={ROUTES.privacyNotice} onClick={onClose}>
        {t('privacy_drawer_full_notice')}
      </Button>
      <Button variant="text" component={RouterLink} to={ROUTES.privacyPractices} onClick={onClose}>
        {t('privacy_drawer_practices')}
      </Button>
    </BottomDrawer>
  );
}
