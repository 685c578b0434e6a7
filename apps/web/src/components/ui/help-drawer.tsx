import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BottomDrawer } from './bottom-drawer';

// Not in the spec: the support numbers come from GET configs later (companyPhones); these are the
// local defaults until then.
const SUPPORT_WHATSAPP = '15555550100';
const SUPPORT_SMS = '+15555550100';

/** spec 9: help is by WhatsApp outside the US and by SMS in the US. */
export function HelpDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <BottomDrawer open={open} onClose={onClose} title={t('help_drawer_title')} testId="help-drawer">
      <Typography color="text.secondary">{t('help_drawer_body')}</Typography>
      <Button variant="contained" color="secondary" href={`https://wa.me/${SUPPORT_WHATSAPP}`} target="_blank" rel="noopener noreferrer">
        {t('help_drawer_whatsapp')}
      </Button>
      <Button variant="outlined" color="secondary" href={`sms:${SUPPORT_SMS}`}>
        {t('help_drawer_sms')}
      </Button>
    </BottomDrawer>
  );
}
