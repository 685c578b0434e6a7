import { buildPath } from '@puente/domain';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';

/** /link-to-consult-closed (spec 8: an ended link, or the room closed, code 53205). */
export function LinkClosedScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Screen testId="link-closed-screen">
      <LinkOffOutlined color="primary" sx={{ fontSize: 64 }} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
        {t('link_closed_title')}
      </Typography>
      <Typography color="text.secondary">{t('link_closed_body')}</Typography>
      <Button variant="contained" onClick={() => void navigate(buildPath('open'))} data-testid="link-closed-open">
        {t('link_open_app')}
      </Button>
    </Screen>
  );
}
