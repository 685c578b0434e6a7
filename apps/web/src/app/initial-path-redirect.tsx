import { initialPathAfterLogin } from '@puente/domain';
import { Navigate } from 'react-router';
import { useMember } from '@/features/profile';
import { onboardingRequirements } from '@/features/profile';
import { useSessionToken } from '@/lib/session';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';

/** The mandatory profile form (/induccion/crear-perfil) is built: the incomplete-profile rule applies. */
export const PROFILE_FORM_AVAILABLE = true;

/** "/": goes to the initial path (spec 000 §4 "Initial path after login"). */
export function InitialPathRedirect() {
  const token = useSessionToken();
  const member = useMember();
  const to = initialPathAfterLogin({
    authenticated: token !== null,
    preOnboardingDone: readStorage(STORAGE_KEYS.preOnboardingDone) === 'true',
    member: PROFILE_FORM_AVAILABLE ? member.data : null,
    minimalOnboarding: onboardingRequirements(member.data).minimalOnboarding,
    goAfterOnboardingPath: readStorage(STORAGE_KEYS.goAfterOnboarding),
    loginless: false,
    userType: member.data?.userType,
  });
  return <Navigate to={to} replace />;
}
