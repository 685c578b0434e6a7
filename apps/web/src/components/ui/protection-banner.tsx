import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/** The "Puente protects your information" banner (shown by callers only when the language is not English). */
export function ProtectionBanner() {
  const { t } = useTranslation();
  return (
    <Alert icon={<VerifiedUserOutlined />} severity="success" data-testid="protection-banner" sx={{ bgcolor: 'rgba(3,119,116,0.08)', color: 'secondary.dark' }}>
      {t('protection_banner')}
    </Alert>
  );
}
