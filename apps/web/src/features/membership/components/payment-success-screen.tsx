import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ROUTES } from '@puente/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { currentLanguage } from '@/lib/i18n';
import { useMember } from '@/features/profile';
import { takeDestinationAfterPayment } from '../api/visit-payments';
import { formatDate } from './format';
import { planName } from './plan-name';

/** /payment-success (spec 2): returns to the stored destination, else /inicio. ?payment= is a paid US-doctor visit. */
export function PaymentSuccessScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const member = useMember();
  const [params] = useSearchParams();
  const visit = params.get('payment') !== null;
  const s = member.data?.subscription;
  const handleContinue = () => {
    // Only a path of our own app (a stored value is never trusted as a URL).
    void navigate(takeDestinationAfterPayment(ROUTES.home.path), { replace: true });
  };
  return (
    <Screen testId="payment-success-screen">
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, mt: 6, textAlign: 'center' }}>
        <CheckCircleOutline color="success" sx={{ fontSize: 72 }} />
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t(visit ? 'visit_payment_paid_title' : 'membership_payment_success_title')}
        </Typography>
        {visit ? <Typography data-testid="payment-success-visit">{t('visit_payment_paid_body')}</Typography> : null}
        {!visit && s && s.type === 'card' ? (
          <Typography data-testid="payment-success-plan">
            {t('membership_payment_success_body', { plan: planName(t, s), date: s.expiresAt ? formatDate(s.expiresAt, currentLanguage(i18n)) : '' })}
          </Typography>
        ) : null}
        <Button variant="contained" size="large" fullWidth onClick={handleContinue} data-testid="payment-success-continue">
          {t(visit ? 'visit_payment_continue' : 'membership_payment_success_continue')}
        </Button>
      </Box>
    </Screen>
  );
}
