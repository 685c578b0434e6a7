import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { CardCheckoutResponse, SubscriptionDto } from '@puente/contracts';
import {
  isWeekPlan,
  PAYWALL_REFERERS,
  ROUTES,
  paywallEntryRedirect,
  paywallReferer,
  paywallVariant,
  showsPrePaywall,
  type PaywallReferer,
  type PaywallVariant,
  type SubscriptionPlanId,
} from '@puente/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { Screen } from '@/components/ui/screen';
import { isApiRequestError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { useMember } from '@/features/profile';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { useProducts } from '../api/get-products';
import { useStartCardCheckout } from '../api/start-card-checkout';
import { useStartInvitationTrial } from '../api/start-invitation-trial';
import { CardCheckoutModal } from './card-checkout-modal';
import { formatMoney } from './format';

const isReferer = (v: unknown): v is PaywallReferer => typeof v === 'string' && (PAYWALL_REFERERS as readonly string[]).includes(v);

/** The domain's paywall rules read the ledger's answer (an open-ended benefit never expires). */
const asSubscription = (s: SubscriptionDto | null | undefined) => (s ? { status: s.status, daysLeft: s.daysLeft ?? Number.POSITIVE_INFINITY } : null);

/** The headline: the referer state, and for an ended membership why it ended (spec 4, each its own message). */
const headlineKey = (referer: PaywallReferer, variant: PaywallVariant | null, s: SubscriptionDto | null | undefined): string => {
  if (variant === 'dependant') return 'membership_paywall_title_dependant';
  if (variant === 'postConsultation') return 'membership_paywall_title_post_consultation';
  if (referer === 'activeTrial') return 'membership_paywall_title_active_trial';
  if (referer === 'trialExpired') return 'membership_paywall_title_trial_expired';
  switch (s?.endReason) {
    case 'employer-benefit-ended':
      return 'membership_paywall_title_employer_ended';
    case 'removed-from-family-plan':
      return 'membership_paywall_title_family_removed';
    default:
      return 'membership_paywall_title_membership_expired';
  }
};

/**
 * /membresia-expirada (spec 2): the paywall with its referer states (activeTrial, trialExpired,
 * membershipExpired) and variants (pre-paywall, dependant, postConsultation). An active,
 * unexpired member is sent on to /inicio (spec 4). The plans come from GET configs/products.
 */
export function PaywallScreen() {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const member = useMember();
  const products = useProducts();
  const start = useStartCardCheckout();
  const invitationTrial = useStartInvitationTrial();
  const [chosen, setChosen] = useState<SubscriptionPlanId | null>(null);
  const [checkout, setCheckout] = useState<CardCheckoutResponse | null>(null);
  const [introSeen, setIntroSeen] = useState(() => readStorage(STORAGE_KEYS.prePaywallSeen) === 'true');
  const queryClient = useQueryClient();
  const [paidCheckout, setPaidCheckout] = useState<string | null>(null);
  // The paid checkout is in the ledger: reload the member before moving on, or the route guard
  // (still seeing no days left) would send her straight back here from /payment-loading.
  const handlePaid = useCallback(
    (checkoutId: string) => {
      setPaidCheckout(checkoutId);
      void queryClient.refetchQueries({ queryKey: ['member'] });
    },
    [queryClient],
  );

  const subscription = member.data?.subscription;
  if (paidCheckout) {
    return subscription && subscription.endReason === null ? (
      <Navigate to={`${ROUTES.paymentLoading.path}?checkout=${encodeURIComponent(paidCheckout)}`} replace />
    ) : (
      <LoadingScreen />
    );
  }
  if (member.data && paywallEntryRedirect(asSubscription(subscription))) return <Navigate to={ROUTES.home.path} replace />;

  const stateReferer = (location.state as { referer?: unknown } | null)?.referer;
  const referer = isReferer(stateReferer) ? stateReferer : paywallReferer(asSubscription(subscription));
  const queryVariant = params.get('variant');
  const expired = referer !== 'activeTrial';
  const prePaywall = showsPrePaywall({
    hasOrganization: Boolean(member.data?.organizationId) || subscription?.endReason === 'employer-benefit-ended',
    referred: subscription?.type === 'family' || subscription?.endReason === 'removed-from-family-plan',
    expired,
    seen: introSeen,
  });
  const variant: PaywallVariant | null = paywallVariant({ requested: queryVariant, prePaywall, subscription });

  const handleIntroContinue = () => {
    writeStorage(STORAGE_KEYS.prePaywallSeen, 'true');
    setIntroSeen(true);
    void navigate(ROUTES.paywall.path, { replace: true, state: { referer } });
  };

  if (variant === 'pre-paywall' && !introSeen) {
    return (
      <Screen testId="paywall-screen">
        <Box data-testid="pre-paywall" data-referer={referer}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            {t(headlineKey(referer, null, subscription))}
          </Typography>
          <Typography sx={{ mt: 2 }}>{t('membership_pre_paywall_body')}</Typography>
          <Button variant="contained" size="large" fullWidth sx={{ mt: 3 }} onClick={handleIntroContinue} data-testid="pre-paywall-continue">
            {t('membership_pre_paywall_continue')}
          </Button>
        </Box>
      </Screen>
    );
  }

  const plans = products.data ?? [];
  const selected = chosen ?? plans.find((p) => p.isDefault)?.id ?? plans[0]?.id ?? null;
  const errorKey = (() => {
    if (!start.error) return null;
    if (isApiRequestError(start.error) && start.error.data?.messageKey === 'payment_processing_not_available') return 'payment_processing_not_available';
    return 'profile_payment_error';
  })();

  const handleSubscribe = () => {
    if (!selected) return;
    start.mutate({ planId: selected }, { onSuccess: setCheckout });
  };

  return (
    <Screen testId="paywall-screen">
      <Box data-testid="paywall" data-referer={referer} data-variant={variant ?? ''}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t(headlineKey(referer, variant, subscription))}
        </Typography>
        <Typography sx={{ mt: 1.5 }} color="text.secondary">
          {t(referer === 'activeTrial' ? 'membership_paywall_body_trial' : 'membership_paywall_body_expired')}
        </Typography>
      </Box>

      {products.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : products.isError ? (
        <Alert severity="error">{t('payment_processing_not_available')}</Alert>
      ) : (
        <RadioGroup value={selected ?? ''} onChange={(e) => setChosen(e.target.value as SubscriptionPlanId)} aria-label={t('membership_plans_label')} sx={{ gap: 1.5 }}>
          {plans.map((p) => (
            <Paper key={p.id} elevation={0} sx={{ p: 1.5, border: 2, borderColor: selected === p.id ? 'primary.main' : 'divider' }} data-testid={`plan-${p.id}`}>
              <FormControlLabel
                value={p.id}
                control={<Radio />}
                sx={{ width: '100%', m: 0, alignItems: 'flex-start', '.MuiFormControlLabel-label': { flex: 1 } }}
                label={
                  <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pt: 1 }}>
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography sx={{ fontWeight: 700 }}>{t(`membership_plan_${p.id}`)}</Typography>
                      {p.savingsPercentage > 0 && !isWeekPlan(p.id) ? <Chip size="small" color="success" label={t('membership_plan_savings', { percent: p.savingsPercentage })} /> : null}
                      {p.isDefault ? <Chip size="small" variant="outlined" label={t('membership_plan_default')} /> : null}
                    </Box>
                    <Typography>{t('membership_plan_total', { price: formatMoney(p.totalPriceMinor, p.pricing.currency, lang) })}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {isWeekPlan(p.id)
                        ? t('membership_plan_weekly', { price: formatMoney(p.totalPriceMinor, p.pricing.currency, lang) })
                        : t('membership_plan_monthly', { price: formatMoney(p.monthlyPriceMinor, p.pricing.currency, lang) })}
                    </Typography>
                    {isWeekPlan(p.id) ? (
                      <Typography variant="body2" color="text.secondary">
                        {t('membership_plan_travel')}
                      </Typography>
                    ) : null}
                  </Box>
                }
              />
            </Paper>
          ))}
        </RadioGroup>
      )}

      {errorKey ? (
        <Alert severity="error" data-testid="payment-error">
          {errorKey === 'profile_payment_error' ? (
            <>
              <strong>{t('profile_payment_error')}</strong> {t('profile_payment_error_description', { store: t('membership_store_card') })}
            </>
          ) : (
            t(errorKey)
          )}
        </Alert>
      ) : null}

      <Button variant="contained" size="large" onClick={handleSubscribe} disabled={!selected || start.isPending} data-testid="paywall-subscribe">
        {t('membership_subscribe')}
      </Button>

      {subscription?.endReason === 'removed-from-family-plan' ? (
        <Button variant="outlined" size="large" onClick={() => invitationTrial.mutate(undefined, { onSuccess: () => void navigate(ROUTES.home.path, { replace: true }) })} disabled={invitationTrial.isPending} data-testid="paywall-invitation-trial">
          {t('membership_invitation_trial')}
        </Button>
      ) : null}
      {invitationTrial.isError ? (
        <Alert severity="error" data-testid="invitation-trial-error">
          {t('membership_invitation_trial_used')}
        </Alert>
      ) : null}

      {checkout ? <CardCheckoutModal checkout={checkout} onClose={() => setCheckout(null)} onPaid={handlePaid} /> : null}
    </Screen>
  );
}
