import { ROUTES } from '@puente/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PaymentPending } from './payment-pending';
import { useSearchParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { useMember } from '@/features/profile';
import { useCheckoutStatus } from '../api/get-checkout-status';
import { VisitPaymentLoading } from './visit-payment-loading';

const POLL_MS = 1000;

/**
 * /payment-loading (spec 2): membership validation loading, with no back or cancel. It waits for
 * the checkout to be paid, reloads the member (her access comes from the ledger), then moves on
 * to /payment-success. A paid visit (?payment=) has its own wait (VisitPaymentLoading).
 */
export function PaymentLoadingScreen() {
  const [params] = useSearchParams();
  const paymentId = params.get('payment');
  return paymentId ? <VisitPaymentLoading paymentId={paymentId} /> : <SubscriptionPaymentLoading />;
}

function SubscriptionPaymentLoading() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const checkoutId = params.get('checkout');
  const status = useCheckoutStatus(checkoutId, POLL_MS);
  const member = useMember();
  const paid = status.data?.status === 'complete';
  const subscription = member.data?.subscription;
  const active = paid && subscription?.type === 'card' && subscription.endReason === null;

  useEffect(() => {
    if (!checkoutId || status.isError) void navigate(ROUTES.paywall.path, { replace: true });
  }, [checkoutId, status.isError, navigate]);
  useEffect(() => {
    if (paid && !active) void client.invalidateQueries({ queryKey: ['member'] });
  }, [paid, active, client]);
  useEffect(() => {
    if (active) void navigate(ROUTES.paymentSuccess.path, { replace: true });
  }, [active, navigate]);

  return (
    <PaymentPending label={t('membership_payment_loading')} />
  );
}
