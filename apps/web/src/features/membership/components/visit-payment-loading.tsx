import { ROUTES } from '@puente/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaymentPending } from './payment-pending';
import { useNavigate } from '@/lib/navigation';
import { useStore } from '@/lib/external-store';
import { settleVisitPayment, takeDestinationAfterPayment } from '../api/visit-payments';
import { paymentStatusStore } from '../hooks/use-payment-requests';

/**
 * /payment-loading?payment={id} (spec 2, paid US-doctor visits): no back or cancel. The app reports
 * succeeded (PATCH payments/{id}/status, the retry rule when it cannot be saved); the server's
 * answer or its payment-status-update event moves on: succeeded to /payment-success, failed back
 * to the stored destination (the consultation stays with the coach).
 */
export function VisitPaymentLoading({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const heard = useStore(paymentStatusStore);
  const [reported, setReported] = useState<'succeeded' | 'failed' | 'kept' | null>(null);
  useEffect(() => {
    let live = true;
    void settleVisitPayment(paymentId, { stopped: () => !live }).then((outcome) => {
      if (live && outcome !== 'stopped') setReported(outcome);
    });
    return () => {
      live = false;
    };
  }, [paymentId]);
  const event = heard?.paymentId === paymentId && heard.status !== 'pending' ? heard.status : null;
  const outcome = event ?? reported;
  useEffect(() => {
    if (!outcome) return;
    if (outcome === 'failed') void navigate(takeDestinationAfterPayment(ROUTES.home.path), { replace: true });
    else void navigate(`${ROUTES.paymentSuccess.path}?${new URLSearchParams({ payment: paymentId }).toString()}`, { replace: true });
  }, [outcome, paymentId, navigate]);

  return (
    <PaymentPending label={t('visit_payment_loading')} />
  );
}
