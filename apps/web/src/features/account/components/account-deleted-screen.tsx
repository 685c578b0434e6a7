import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { ROUTES } from '@/lib/routes';

/** /eliminar-cuenta (also ?account_deleted=true): the account is deleted; the button logs out and goes to /login. */
export function AccountDeletedScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Screen testId="account-deleted-screen">
      <CheckCircleOutlined color="secondary" sx={{ fontSize: 64, mx: 'auto', mt: 4 }} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, textAlign: 'center' }}>
        {t('account_deleted_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('account_deleted_body')}
      </Typography>
      <Button variant="contained" size="large" onClick={() => void navigate(ROUTES.logout, { replace: true })} data-testid="account-deleted-continue">
        {t('account_deleted_button')}
      </Button>
    </Screen>
  );
}
