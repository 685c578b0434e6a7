import { routeGuard, type GuardResult, type UserType } from '@puente/domain';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';

/** What the shell knows when it asks the domain's route guard (spec 000 §4, in order). */
export interface AppGuardState {
  pathname: string;
  authenticated: boolean;
  daysLeft: number | null;
  hasOrganization: boolean;
  /** The signed-in user's type once the member has loaded (staff and members have their own screens). */
  userType?: UserType | null;
}

/** Reads the stored values the guard needs and asks @puente/domain's routeGuard. */
export const decideRoute = (state: AppGuardState): GuardResult =>
  routeGuard({
    pathname: state.pathname,
    storedRedirect: readStorage(STORAGE_KEYS.redirectTo),
    authenticated: state.authenticated,
    daysLeft: state.daysLeft,
    hasOrganization: state.hasOrganization,
    preOnboardingDone: readStorage(STORAGE_KEYS.preOnboardingDone) === 'true',
    userType: state.userType,
  });
