import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Stripe's embedded checkout (CARD_PAYMENT_PROVIDER=stripe), mounted in the full-screen card
 * modal. This file and @stripe/stripe-js are a chunk of their own: fetched only when a member opens
 * a card checkout on the membership screens, never in the first load. The server created the
 * Checkout Session (its client secret); Stripe's verified webhook completes it in the ledger.
 */
export function StripeEmbeddedCheckout({ publishableKey, clientSecret, onComplete, onError }: { publishableKey: string; clientSecret: string; onComplete?: () => void; onError?: () => void }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const completed = useRef(onComplete);
  completed.current = onComplete;
  const failed = useRef(onError);
  failed.current = onError;

  useEffect(() => {
    let destroyed = false;
    let checkout: { destroy(): void } | null = null;
    void (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js');
        const stripe = await loadStripe(publishableKey);
        if (!stripe || destroyed) throw new Error('stripe unavailable');
        const page = await stripe.createEmbeddedCheckoutPage({ clientSecret, onComplete: () => completed.current?.() });
        if (destroyed) {
          page.destroy();
          return;
        }
        checkout = page;
        page.mount(host.current!);
        setState('ready');
      } catch {
        if (!destroyed) {
          setState('error');
          failed.current?.();
        }
      }
    })();
    return () => {
      destroyed = true;
      checkout?.destroy();
    };
  }, [publishableKey, clientSecret]);

  return (
    <Box sx={{ flex: 1, overflow: 'auto', p: { xs: 0, sm: 2 } }}>
      {state === 'loading' ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label={t('membership_checkout_frame')} />
        </Box>
      ) : null}
      {state === 'error' ? (
        <Typography sx={{ p: 3 }} role="alert">
          {t('payment_processing_not_available')}
        </Typography>
      ) : null}
      <div ref={host} data-testid="stripe-embedded-checkout" />
    </Box>
  );
}
