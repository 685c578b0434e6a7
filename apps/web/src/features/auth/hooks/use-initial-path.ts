import type { MemberDto } from '@puente/contracts';
import { ROUTES } from '@/lib/routes';

/**
 * spec 000 §4 "Initial path after login": incomplete profile -> /induccion/crear-perfil/1;
 * a stored go-after-onboarding path -> that path; default /inicio.
 * TODO(onboarding): the profile form is not built yet, so the incomplete-profile rule is off until
 * it is; turning it on now would strand every new member on a placeholder.
 */
export const PROFILE_FORM_AVAILABLE = false;

export const isProfileIncomplete = (member: Pick<MemberDto, 'firstName' | 'lastName' | 'phoneNumber'>): boolean =>
  !member.firstName || !member.lastName || !member.phoneNumber;

export const initialPathAfterLogin = (member: MemberDto | undefined, goAfterOnboarding: string | null = null): string => {
  if (PROFILE_FORM_AVAILABLE && member && isProfileIncomplete(member)) return ROUTES.createProfileFirstStep;
  if (goAfterOnboarding) return goAfterOnboarding;
  return ROUTES.home;
};
