import { buildPath, ROUTES as ROUTE_DEFS } from '@puente/domain';

/** The paths the code navigates to by name; the table itself lives in @puente/domain (spec 000 §2). */
export const ROUTES = {
  root: '/',
  selectLanguage: ROUTE_DEFS.selectLanguage.path,
  presignup: ROUTE_DEFS.presignup.path,
  login: ROUTE_DEFS.login.path,
  verifyPhoneNumber: ROUTE_DEFS.verifyPhoneNumber.path,
  saveRecoveryCode: ROUTE_DEFS.saveRecoveryCode.path,
  multipleAccounts: ROUTE_DEFS.multipleAccounts.path,
  logout: ROUTE_DEFS.logout.path,
  expiredInvitation: ROUTE_DEFS.expiredInvitation.path,
  home: ROUTE_DEFS.home.path,
  profile: ROUTE_DEFS.profile.path,
  history: ROUTE_DEFS.history.path,
  paywall: ROUTE_DEFS.paywall.path,
  createProfileFirstStep: buildPath('createProfile', { stepId: 1 }),
  privacyNotice: ROUTE_DEFS.privacyNotice.path,
  privacyPractices: ROUTE_DEFS.privacyPractices.path,
  eventsDebug: ROUTE_DEFS.eventsDebug.path,
  mobileRedirect: ROUTE_DEFS.mobileRedirect.path,
} as const;
