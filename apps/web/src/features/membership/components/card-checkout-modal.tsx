import Close from '@mui/icons-material/Close';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { CardCheckoutResponse } from '@puente/contracts';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckoutStatus } from '../api/get-checkout-status';

// Stripe.js only where a card checkout opens (a chunk of its own, never in the first load).
const StripeEmbeddedCheckout = lazy(() => import('./stripe-embedded-checkout').then((m) => ({ default: m.StripeEmbeddedCheckout })));

/** How often the open modal asks whether the checkout is paid. */
const POLL_MS = 1000;

/** Why a checkout failed: the provider refused it (declined, expired), or it cannot run here (unavailable). */
export type CheckoutFailure = 'declined' | 'unavailable';

/**
 * spec 2 "Card payment: full-screen modal with embedded checkout and a close button". The local
 * provider's checkout is our own test card page in a frame; when the checkout is paid the modal
 * hands over to /payment-loading. Closing it is a cancelled payment: silent (spec 8). A checkout
 * that fails (declined or expired at the provider, or one that cannot be shown) is reported by
 * onFailed when given (a paid visit sends failed, spec 4 "failed is sent on close or error").
 */
export function CardCheckoutModal({ checkout, onClose, onPaid, onFailed }: { checkout: CardCheckoutResponse; onClose: () => void; onPaid: (checkoutId: string) => void; onFailed?: (reason: CheckoutFailure) => void }) {
  const { t, i18n } = useTranslation();
  const status = useCheckoutStatus(checkout.checkoutId, POLL_MS);
  const paid = status.data?.status === 'complete';
  const src = checkout.url ? `${checkout.url}?lang=${i18n.language}` : null;
  const embedded = !src && checkout.provider === 'stripe' && !!checkout.clientSecret && !!checkout.publishableKey;
  const failed: CheckoutFailure | null = status.data?.status === 'declined' || status.data?.status === 'expired' ? 'declined' : !src && !embedded ? 'unavailable' : null;
  const failedRef = useRef(onFailed);
  failedRef.current = onFailed;
  useEffect(() => {
    if (paid) onPaid(checkout.checkoutId);
  }, [paid, checkout.checkoutId, onPaid]);
  useEffect(() => {
    if (failed) failedRef.current?.(failed);
  }, [failed]);
  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby="card-checkout-title" data-testid="card-checkout-modal">
      <AppBar position="static" color="default" elevation={0}>
        <Toolbar>
          <Typography id="card-checkout-title" variant="h6" component="h2" sx={{ flex: 1, fontWeight: 700 }}>
            {t('membership_checkout_title')}
          </Typography>
          <IconButton edge="end" onClick={onClose} aria-label={t('membership_checkout_close')} data-testid="card-checkout-close">
            <Close />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box sx={{ flex: 1, display: 'flex' }}>
        {src ? (
          <Box component="iframe" src={src} title={t('membership_checkout_frame')} sx={{ border: 0, flex: 1, width: '100%' }} data-testid="card-checkout-frame" />
        ) : embedded ? (
          <Suspense fallback={null}>
            <StripeEmbeddedCheckout publishableKey={checkout.publishableKey!} clientSecret={checkout.clientSecret!} onError={() => failedRef.current?.('unavailable')} />
          </Suspense>
        ) : (
          <Typography sx={{ p: 3 }} role="alert">
            {t('payment_processing_not_available')}
          </Typography>
        )}
      </Box>
    </Dialog>
  );
}
