import { buildPath, blockedAccountRoute, identityVerifyOutcome, loginStatusOutcome, type LoginProvider } from '@puente/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { isApiRequestError } from '@/lib/api-client';
import { chosenLanguage } from '@/lib/i18n';
import { setMemberData } from '@/features/profile';
import { setSessionToken } from '@/lib/session';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { showToast } from '@/lib/toast';
import { clearPendingIdentity, createIdentitySession, readPendingIdentity, verifyIdentity } from '../api/identity-api';
import { isLoginProvider } from './social-login-buttons';

const B2B_KEYS = [STORAGE_KEYS.b2bOrgId, STORAGE_KEYS.b2bEmpCode, STORAGE_KEYS.b2bLang, STORAGE_KEYS.b2bDownloadPage, STORAGE_KEYS.invitationToken] as const;

/** /login/auth0/verify?provider=: the spinner that completes identity-provider login (spec 2, spec 4 "Identity verify"). */
export function IdentityVerifyScreen() {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pending = readPendingIdentity();
    const fromQuery = searchParams.get('provider');
    const provider: LoginProvider = isLoginProvider(fromQuery) ? fromQuery : (pending?.provider ?? 'google');
    if (pending?.purpose === 'staff') {
      void navigate(`${buildPath('staffLogin')}?${searchParams.toString()}&provider=${provider}`, { replace: true });
      return;
    }
    const code = searchParams.get('code');
    const state = searchParams.get('state');
    const fail = () => {
      clearPendingIdentity();
      setSessionToken(null); // spec 4: failure logs out
      void navigate(identityVerifyOutcome({ success: false, merging: false, provider }).to, { replace: true });
      showToast({ variant: 'warning', message: 'identity_verify_failed' });
    };
    // The provider must send back the state this browser started with.
    if (!code || !state || !pending || pending.state !== state) {
      console.error('Error verifying Auth0 account', 'state mismatch or missing code');
      fail();
      return;
    }
    const run = async () => {
      try {
        const result = await verifyIdentity({
          provider,
          code,
          state,
          iss: searchParams.get('iss') ?? undefined,
          orgId: readStorage(STORAGE_KEYS.b2bOrgId) ?? undefined,
          empCode: readStorage(STORAGE_KEYS.b2bEmpCode) ?? undefined,
          lang: chosenLanguage(i18n),
        });
        clearPendingIdentity();
        if (result.status === 'merge_required' && result.mergeToken) {
          // spec 3: verifyResponse keeps the mergeToken while the member proves the phone.
          writeStorage(STORAGE_KEYS.verifyResponse, JSON.stringify({ mergeToken: result.mergeToken, provider }));
          showToast({ variant: 'info', message: 'identity_merge_prove_phone' });
          void navigate(buildPath('login'), { replace: true });
          return;
        }
        if (!result.loginToken) {
          void navigate(loginStatusOutcome(result.status, { provider }).to, { replace: true });
          return;
        }
        const session = await createIdentitySession(result.loginToken);
        setMemberData(queryClient, session.sessionToken, session.member);
        setSessionToken(session.sessionToken);
        writeStorage(STORAGE_KEYS.preOnboardingDone, 'true');
        const outcome = identityVerifyOutcome({ success: true, merging: false, provider, newPasswordlessAccount: result.status === 'new_account_created' });
        if (outcome.clearB2bRegistration) B2B_KEYS.forEach((k) => removeStorage(k));
        void navigate(outcome.to, { replace: true });
      } catch (error) {
        console.error('Error verifying Auth0 account', error);
        const blocked = isApiRequestError(error) ? blockedAccountRoute(error.reason ?? error.message, true) : null;
        if (blocked) {
          clearPendingIdentity();
          void navigate(blocked, { replace: true });
          return;
        }
        if (isApiRequestError(error) && error.reason === 'staff-sign-in-required') {
          clearPendingIdentity();
          showToast({ variant: 'warning', message: 'staff-sign-in-required' });
          void navigate(buildPath('staffLogin'), { replace: true });
          return;
        }
        fail();
      }
    };
    void run();
  }, [i18n, navigate, queryClient, searchParams]);

  return <LoadingScreen testId="identity-verify-screen" />;
}
