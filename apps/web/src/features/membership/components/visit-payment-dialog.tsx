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
import { useLocation } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { isApiRequestError } from '@/lib/api-client';
import { useStore } from '@/lib/external-store';
import { currentLanguage } from '@/lib/i18n';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { useMember } from '@/features/profile';
import { createPaymentIntent, getAppointmentPayment, setPaymentStatus } from '../api/visit-payments';
import { paymentRequestStore } from '../hooks/use-payment-requests';
import { CardCheckoutModal, type CheckoutFailure } from './card-checkout-modal';
import { formatMoney } from './format';

/**
 * Paid US-doctor visits (issue 14): the member is asked to pay for the US doctor within her
 * consultation. Pay opens the card modal (the local test card page by default) and stores where
 * she is as the destination after payment (spec 2); a completed checkout goes on to
 * /payment-loading, which reports succeeded, then /payment-success, which returns her there.
 * Closing the modal or declining reports failed, and the consultation stays with the coach; so
 * does an error (the payment intent or the checkout failed: spec 4 "failed is sent on close or
 * error"), shown as profile_payment_error, or payment_processing_not_available when card payments
 * cannot run.
 */
export function VisitPaymentDialog() {
  const { t, i18n } = useTranslation();
  const request = useStore(paymentRequestStore);
  const member = useMember();
  const navigate = useNavigate();
  const location = useLocation();
  const [checkout, setCheckout] = useState<PaymentIntentResponse | null>(null);
  /** The payment failed and failed was sent: what she is told (the dialog only closes now). */
  const [failure, setFailure] = useState<'profile_payment_error' | 'payment_processing_not_available' | null>(null);
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
  const fail = useCallback(
    (message: 'profile_payment_error' | 'payment_processing_not_available') => {
      // spec 4/7: failed is sent on error.
      if (request) void setPaymentStatus(request.paymentId, 'failed').catch(() => undefined);
      setCheckout(null);
      setFailure(message);
    },
    [request],
  );
  const intent = useMutation({
    mutationFn: () => createPaymentIntent(organizationId!, { priceType: request!.priceType, paymentId: request!.paymentId }),
    onError: (error) => fail(isApiRequestError(error) && error.data?.messageKey === 'payment_processing_not_available' ? 'payment_processing_not_available' : 'profile_payment_error'),
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
    setFailure(null);
    intent.reset();
  }, [intent]);
  const decline = useCallback(() => {
    // spec 4/7: failed is sent on close or error (an error sent it already).
    if (request && !failure) void setPaymentStatus(request.paymentId, 'failed').catch(() => undefined);
    close();
  }, [request, failure, close]);
  const onCheckoutFailed = useCallback((reason: CheckoutFailure) => fail(reason === 'unavailable' ? 'payment_processing_not_available' : 'profile_payment_error'), [fail]);
  const onPaid = useCallback(
    (checkoutId: string) => {
      if (request) goToLoading(request.paymentId, checkoutId);
    },
    [request, goToLoading],
  );

  if (!request) return null;
  if (checkout) {
    const card = { checkoutId: checkout.checkoutId ?? '', provider: checkout.provider, url: checkout.url, clientSecret: checkout.clientSecret, publishableKey: checkout.publishableKey };
    return <CardCheckoutModal checkout={card} onClose={decline} onPaid={onPaid} onFailed={onCheckoutFailed} />;
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
        {failure ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert" data-testid="visit-payment-error">
            {failure === 'profile_payment_error' ? (
              <>
                <strong>{t('profile_payment_error')}</strong> {t('profile_payment_error_description', { store: t('membership_store_card') })}
              </>
            ) : (
              t(failure)
            )}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={decline} data-testid="visit-payment-decline">
          {t(failure ? 'visit_payment_close' : 'visit_payment_decline')}
        </Button>
        {failure ? null : (
          <Button variant="contained" onClick={() => intent.mutate()} disabled={!organizationId || intent.isPending} data-testid="visit-payment-pay">
            {t('visit_payment_pay')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
