import { initialPathAfterLogin } from '@puente/domain';
import { Navigate } from 'react-router';
import { useMember } from '@/lib/member-query';
import { useSessionToken } from '@/lib/session';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';

/**
 * TODO(onboarding): the mandatory profile form (/induccion/crear-perfil) is not built yet; until it
 * is, the incomplete-profile rule is left out so new members are not stranded on a placeholder.
 */
export const PROFILE_FORM_AVAILABLE = false;

/** "/": goes to the initial path (spec 000 §4 "Initial path after login"). */
export function InitialPathRedirect() {
  const token = useSessionToken();
  const member = useMember();
  const to = initialPathAfterLogin({
    authenticated: token !== null,
    preOnboardingDone: readStorage(STORAGE_KEYS.preOnboardingDone) === 'true',
    member: PROFILE_FORM_AVAILABLE ? member.data : null,
    minimalOnboarding: false,
    goAfterOnboardingPath: readStorage(STORAGE_KEYS.goAfterOnboarding),
    loginless: false,
    userType: member.data?.userType,
  });
  return <Navigate to={to} replace />;
}
