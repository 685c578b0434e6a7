import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { PaymentIntentResponse } from '@puente/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ROUTES } from '@puente/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useStore } from '@/lib/external-store';
import { currentLanguage } from '@/lib/i18n';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { useMember } from '@/features/profile';
import { createPaymentIntent, getAppointmentPayment, setPaymentStatus } from '../api/visit-payments';
import { paymentRequestStore } from '../hooks/use-payment-requests';
import { CardCheckoutModal } from './card-checkout-modal';
import { formatMoney } from './format';

/**
 * Paid US-doctor visits (issue 14): the member is asked to pay for the US doctor within her
 * consultation. Pay opens the card modal (the local test card page by default) and stores where
 * she is as the destination after payment (spec 2); a completed checkout goes on to
 * /payment-loading, which reports succeeded, then /payment-success, which returns her there.
 * Closing the modal or declining reports failed, and the consultation stays with the coach.
 */
export function VisitPaymentDialog() {
  const { t, i18n } = useTranslation();
  const request = useStore(paymentRequestStore);
  const member = useMember();
  const navigate = useNavigate();
  const location = useLocation();
  const [checkout, setCheckout] = useState<PaymentIntentResponse | null>(null);
  const organizationId = member.data?.organization?.id ?? null;
  // The amount to pay, shown before she pays.
  const payment = useQuery({ queryKey: ['visit-payment', request?.appointmentId], queryFn: () => getAppointmentPayment(request!.appointmentId), enabled: !!request, gcTime: 0 });
  const goToLoading = useCallback(
    (paymentId: string, checkoutId: string | null) => {
      paymentRequestStore.set(null);
      setCheckout(null);
      const query = new URLSearchParams({ payment: paymentId, ...(checkoutId ? { checkout: checkoutId } : {}) });
      void navigate(`${ROUTES.paymentLoading.path}?${query.toString()}`);
    },
    [navigate],
  );
  const intent = useMutation({
    mutationFn: () => createPaymentIntent(organizationId!, { priceType: request!.priceType, paymentId: request!.paymentId }),
    onSuccess: (pi) => {
      // spec 2: /payment-success returns to the stored destination (a provider that redirects the page comes back to /payment-loading too).
      writeStorage(STORAGE_KEYS.goAfterPayment, `${location.pathname}${location.search}`);
      if (pi.status === 'succeeded') goToLoading(pi.paymentId, pi.checkoutId);
      else setCheckout(pi);
    },
  });
  const close = useCallback(() => {
    paymentRequestStore.set(null);
    setCheckout(null);
    intent.reset();
  }, [intent]);
  const decline = useCallback(() => {
    // spec 4/7: failed is sent on close or error.
    if (request) void setPaymentStatus(request.paymentId, 'failed').catch(() => undefined);
    close();
  }, [request, close]);
  const onPaid = useCallback(
    (checkoutId: string) => {
      if (request) goToLoading(request.paymentId, checkoutId);
    },
    [request, goToLoading],
  );

  if (!request) return null;
  if (checkout) {
    const card = { checkoutId: checkout.checkoutId ?? '', provider: checkout.provider, url: checkout.url, clientSecret: checkout.clientSecret, publishableKey: checkout.publishableKey };
    return <CardCheckoutModal checkout={card} onClose={decline} onPaid={onPaid} />;
  }
  const priced = intent.data ?? payment.data;
  const amount = priced ? formatMoney(priced.amountMinor, priced.currency, currentLanguage(i18n)) : null;
  return (
    <Dialog open aria-labelledby="visit-payment-title" data-testid="visit-payment-dialog">
      <DialogTitle id="visit-payment-title">{t('visit_payment_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('visit_payment_body')}</DialogContentText>
        {amount ? (
          <DialogContentText sx={{ mt: 1, fontWeight: 700 }} data-testid="visit-payment-amount">
            {amount}
          </DialogContentText>
        ) : null}
        {intent.isError ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {t('payment_processing_not_available')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={decline} data-testid="visit-payment-decline">
          {t('visit_payment_decline')}
        </Button>
        <Button variant="contained" onClick={() => intent.mutate()} disabled={!organizationId || intent.isPending} data-testid="visit-payment-pay">
          {t('visit_payment_pay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
