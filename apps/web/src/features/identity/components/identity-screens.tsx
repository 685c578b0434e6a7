import { buildPath, mergeErrorRetryTarget, type LoginProvider } from '@puente/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { ROUTES } from '@/lib/routes';
import { HelpDrawer } from '@/features/configs';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { Screen } from '@/components/ui/screen';
import { chosenLanguage } from '@/lib/i18n';
import { showToast } from '@/lib/toast';
import { startIdentityLogin } from '../api/identity-api';
import { isLoginProvider } from './social-login-buttons';

const useStart = () => {
  const { i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const start = async (provider: LoginProvider) => {
    setBusy(true);
    try {
      await startIdentityLogin({ provider, purpose: 'member', lang: chosenLanguage(i18n) });
    } catch (error) {
      console.error('identity authorize failed', error);
      setBusy(false);
      showToast({ variant: 'error', message: 'identity_provider_unavailable' });
    }
  };
  return { busy, start };
};

/** The {provider} of the address, or undefined when it names none we offer. */
const useProviderParam = (): LoginProvider | undefined => {
  const { provider } = useParams();
  return isLoginProvider(provider) ? provider : undefined;
};

/**
 * /login/social/{provider}: a prompt with the sign-in button and the help drawer (spec 2). A
 * provider we do not offer (a mistyped or old link) is an unknown address: it goes to the start, as
 * any other does (it showed Google's page).
 */
export function SocialLoginScreen() {
  const provider = useProviderParam();
  return provider ? <SocialLogin provider={provider} /> : <Navigate to={ROUTES.root} replace />;
}

function SocialLogin({ provider }: { provider: LoginProvider }) {
  const { t } = useTranslation();
  const { busy, start } = useStart();
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <Screen testId="social-login-screen">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('identity_social_title', { provider: t(`identity_provider_${provider}`) })}
      </Typography>
      <Typography color="text.secondary">{t('identity_social_body')}</Typography>
      <Button variant="contained" size="large" disabled={busy} onClick={() => void start(provider)} data-testid="social-sign-in">
        {t(`identity_continue_with_${provider}`)}
      </Button>
      <Button variant="text" onClick={() => setHelpOpen(true)}>
        {t('help_link')}
      </Button>
      <HelpDrawer open={helpOpen} onClose={() => setHelpOpen(false)} />
    </Screen>
  );
}

/** /login/auth0/email and /login/auth0/social: entry points that go straight to the provider. */
export function IdentityEntryScreen({ provider }: { provider: LoginProvider }) {
  const { start } = useStart();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void start(provider);
  }, [provider, start]);
  return <LoadingScreen testId="identity-entry-screen" />;
}

/**
 * /login/merge/error/{provider}: email retries identity login by email, otherwise the social page
 * (spec 2). A provider we do not offer goes to the start, as on the social page.
 */
export function MergeErrorScreen() {
  const provider = useProviderParam();
  return provider ? <MergeError provider={provider} /> : <Navigate to={ROUTES.root} replace />;
}

function MergeError({ provider }: { provider: LoginProvider }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Screen testId="merge-error-screen">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('identity_merge_error_title')}
      </Typography>
      <Alert severity="warning">{t('identity_merge_error_body', { provider: t(`identity_provider_${provider}`) })}</Alert>
      <Button variant="contained" size="large" onClick={() => void navigate(mergeErrorRetryTarget(provider))} data-testid="merge-error-retry">
        {t('identity_merge_error_retry')}
      </Button>
      <Button component={RouterLink} to={buildPath('login')} variant="text">
        {t('identity_back_to_login')}
      </Button>
    </Screen>
  );
}

/** /login/email/success and /login/social/success: the accounts are joined; next, the recovery code (spec 2). */
export function MergeSuccessScreen({ kind }: { kind: 'email' | 'social' }) {
  const { t } = useTranslation();
  return (
    <Screen testId={`merge-success-${kind}`}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('identity_merge_success_title')}
      </Typography>
      <Typography color="text.secondary">{t(kind === 'email' ? 'identity_merge_success_email' : 'identity_merge_success_social')}</Typography>
      <Button component={RouterLink} to={buildPath('saveRecoveryCode')} variant="contained" size="large" data-testid="merge-success-continue">
        {t('continue')}
      </Button>
    </Screen>
  );
}
