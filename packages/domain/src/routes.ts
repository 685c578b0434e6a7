/**
 * Every route of spec 000 §2 as one typed table. The web app registers each of these; the route
 * guard (member-routing.ts) reads `auth`. Patterns use :param for path parameters.
 * auth: 'public' needs no session, 'member' needs one, 'any' works either way (the screen decides),
 * 'staff' needs a clinician's session (mx-physician or us-physician), 'admin' an admin's.
 */
export type RouteAuth = 'public' | 'member' | 'any' | 'staff' | 'admin';

export interface RouteDef {
  path: string;
  auth: RouteAuth;
  /** spec 2: bottom navigation: home (/inicio), consultations (/consulta/historial), profile (/perfil). */
  bottomNav: boolean;
  /** Alternative paths that render the same screen. */
  aliases?: readonly string[];
}

const r = (path: string, auth: RouteAuth, bottomNav = false, aliases?: readonly string[]): RouteDef =>
  aliases ? { path, auth, bottomNav, aliases } : { path, auth, bottomNav };

export const ROUTES = {
  // Entry, login and account (spec 2)
  selectLanguage: r('/select-language', 'public'),
  presignup: r('/presignup', 'public'),
  registerEmployerCode: r('/register-employer-code', 'public'),
  registerEmployerCodeSuccess: r('/register-employer-code-success', 'public'),
  organizationRegistration: r('/registro-organizacion', 'any'),
  organizationRegistrationSuccess: r('/registro-organizacion-exitoso', 'any'),
  login: r('/login', 'public'),
  verifyPhoneNumber: r('/login/verify-phone-number', 'public'),
  saveRecoveryCode: r('/login/save-recovery-code', 'member'),
  multipleAccounts: r('/login/multiple-accounts', 'public'),
  identityVerify: r('/login/auth0/verify', 'public'), // ?provider={provider}
  identityEmail: r('/login/auth0/email', 'public'),
  identitySocial: r('/login/auth0/social', 'public'),
  mergeError: r('/login/merge/error/:provider', 'public'),
  socialLogin: r('/login/social/:provider', 'public'),
  emailMergeSuccess: r('/login/email/success', 'member'),
  socialMergeSuccess: r('/login/social/success', 'member'),
  changePhoneRecovery: r('/change-phone/recovery', 'public'),
  changePhoneNewPhone: r('/change-phone/new-phone', 'public'),
  useMyPhone: r('/usar-mi-telefono', 'public'),
  verifiedEmail: r('/cuenta-verificada', 'public'), // needs supportSignUp, success, code
  pendingDeletion: r('/cuenta-en-progreso-de-borrado', 'public'), // ?drt={time}
  accountDeleted: r('/eliminar-cuenta', 'public'), // also ?account_deleted=true
  logout: r('/lo', 'any'),
  expiredInvitation: r('/expired-invitation', 'public'),
  loading: r('/loading', 'any'),
  paymentLoading: r('/payment-loading', 'member'),
  mobileRedirect: r('/download', 'public'), // spec 2 "mobile web redirect page" (path not shown; ours)
  privacyNotice: r('/aviso-de-privacidad', 'public'), // spec 2 legal pages (paths not shown; ours)
  privacyPractices: r('/practicas-de-privacidad', 'public'),
  eventsDebug: r('/et', 'any'), // hidden debug page; no modal shown there
  createProfile: r('/induccion/crear-perfil/:stepId/:qnId?', 'member'),
  // Link to consult (guest without login)
  linkToConsult: r('/link-to-consult', 'public'), // reads token, appointmentId, error (path not shown; ours)
  linkToConsultClosed: r('/link-to-consult-closed', 'public'),
  linkToConsultPermissions: r('/link-to-consult-permissions', 'public'),
  linkToConsultFinished: r('/link-to-consult-finished', 'public'), // ?organizationId= or ?orgId=
  cancelConfirmationLink: r('/cancel-confirmation-link', 'public'),
  call: r('/call', 'any'),
  open: r('/open', 'public'),
  // Home and profile
  home: r('/inicio', 'member', true, ['/']),
  howItWorks: r('/como-funciona', 'member'),
  healthTips: r('/consejos-de-salud', 'member'),
  supportContact: r('/contacto-soporte', 'member'),
  reportProblem: r('/reportar-problema', 'member'),
  profile: r('/perfil', 'member', true),
  profileInformation: r('/perfil/informacion', 'member'),
  profileNotifications: r('/perfil/notificaciones', 'member'),
  /** Ours (issue 12): the member's pharmacy. */
  profilePharmacy: r('/perfil/farmacia', 'member'),
  changeLanguage: r('/cambio-idioma', 'member'),
  deleteAccount: r('/perfil/eliminar-cuenta', 'member'),
  consent: r('/consent', 'member'),
  limitedServices: r('/limited-services-screen-shown', 'member'),
  // Membership and organization
  membership: r('/membership', 'member'),
  paywall: r('/membresia-expirada', 'member'),
  paymentSuccess: r('/payment-success', 'member'),
  changeOrganization: r('/cambia-organizacion', 'member'),
  cancelOrganizationMembership: r('/cancela-membresia-organizacion', 'member'),
  changeOrganizationSite: r('/cambiar-sitio-organizacion', 'member'),
  // Family
  dependants: r('/dependants', 'member'),
  addDependant: r('/dependants/add', 'member'),
  dependantInvitationSent: r('/dependants/invitation-sent', 'member'),
  dependantsNoSlots: r('/dependants/no-available-slots', 'member'),
  // Consultation
  availableCoaches: r('/consulta/coaches-disponibles', 'member', false, ['/coaches-disponibles']),
  coachProfile: r('/ondemand-perfil-coach/:id', 'member'),
  locationForm: r('/consulta/llenado-de-informacion', 'member'),
  videoCall: r('/consulta/video-llamada', 'any'),
  infoPage: r('/consulta/infoPage/:code', 'any'),
  appointmentSummary: r('/consulta/resumen-de-cita', 'member'),
  history: r('/consulta/historial', 'member', true),
  historyChat: r('/consulta/historial/historial-chat', 'member'),
  historyDetail: r('/consulta/historial/:id', 'member'),
  survey: r('/consulta/survey/:id', 'member'),
  scheduledConfirmation: r('/consulta-agendada', 'member'),
  // Scheduling
  scheduleSelectTopic: r('/agenda/seleccionar-tema', 'member'),
  scheduleSelectPhTopic: r('/agenda/seleccionar-ph-tema', 'member'),
  scheduleSelectCoach: r('/agenda/seleccionar-coach', 'member'),
  scheduleConfirm: r('/agenda/confirmacion-cita', 'member'),
  scheduleSuccess: r('/agenda/exito', 'member'),
  scheduleInProgress: r('/agenda/consulta-en-progreso', 'member'),
  scheduleSlotTaken: r('/agenda/espacio-ocupado', 'member'),
  scheduleCanceled: r('/agenda/cancelada-exitosamente', 'member'),
  // Staff (spec 1/6: coaches and doctors use a dashboard; the spec shows no path for it: ours)
  dashboard: r('/dashboard', 'staff'),
  dashboardConsultation: r('/dashboard/consulta/:id', 'staff'),
  admin: r('/admin', 'admin'),
  // Ours (issue 13 "the admin can edit them"): a coach's weekly hours and exceptions.
  adminCalendars: r('/admin/calendarios', 'admin'),
  // The admin console's sections (issue 15; paths are ours)
  adminSupport: r('/admin/soporte', 'admin'),
  adminStaff: r('/admin/personal', 'admin'),
  adminMembers: r('/admin/socios', 'admin'),
  adminUsage: r('/admin/uso', 'admin'),
  adminOrganizations: r('/admin/organizaciones', 'admin'),
  // Staff sign-in (issue 3: email code or identity provider, then TOTP; the path is ours)
  staffLogin: r('/staff/login', 'public'),
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;
export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

/** spec 2: the info page codes. */
export const INFO_PAGE_CODES = ['SC005', 'SC023', 'SC038', 'SC064', 'SC094', 'SC099', 'SMC11'] as const;
export type InfoPageCode = (typeof INFO_PAGE_CODES)[number];

const escape = (s: string): string => s.replace(/[.*+^${}()|[\]\\]/g, '\\$&');

/** A matcher for a pattern: ':x' is one segment, ':x?' an optional trailing segment. */
const toRegExp = (pattern: string): RegExp => {
  const parts = pattern.split('/').filter(Boolean);
  const body = parts
    .map((p) => {
      if (p.startsWith(':') && p.endsWith('?')) return '(?:/[^/]+)?';
      if (p.startsWith(':')) return '/[^/]+';
      return `/${escape(p)}`;
    })
    .join('');
  return new RegExp(`^${body || '/'}/?$`);
};

const MATCHERS = ROUTE_NAMES.flatMap((name) => {
  const def: RouteDef = ROUTES[name];
  return [def.path, ...(def.aliases ?? [])].map((p) => ({ name, re: toRegExp(p), literal: !p.includes(':') }));
})
  // Literal paths win over patterns (/consulta/historial/historial-chat before /consulta/historial/:id).
  .sort((a, b) => Number(b.literal) - Number(a.literal));

/** The route a pathname (no query) belongs to. */
export const matchRoute = (pathname: string): RouteName | undefined => {
  const clean = pathname.split(/[?#]/)[0] ?? pathname;
  return MATCHERS.find((m) => m.re.test(clean))?.name;
};

/** Fill a pattern's parameters. Optional parameters may be left out. */
export const buildPath = (name: RouteName, params: Record<string, string | number | undefined> = {}): string => {
  const def: RouteDef = ROUTES[name];
  return (
    '/' +
    def.path
      .split('/')
      .filter(Boolean)
      .flatMap((seg) => {
        if (!seg.startsWith(':')) return [seg];
        const optional = seg.endsWith('?');
        const key = seg.slice(1, optional ? -1 : undefined);
        const v = params[key];
        if (v === undefined || v === '') {
          if (optional) return [];
          throw new Error(`Missing route parameter ${key} for ${name}`);
        }
        return [encodeURIComponent(String(v))];
      })
      .join('/')
  );
};

/** Common built paths. */
export const paths = {
  infoPage: (code: InfoPageCode): string => `/consulta/infoPage/${code}`,
  survey: (appointmentId: string): string => buildPath('survey', { id: appointmentId }),
  historyDetail: (appointmentId: string): string => buildPath('historyDetail', { id: appointmentId }),
  createProfileStep: (stepId: number | string): string => buildPath('createProfile', { stepId }),
  socialLogin: (provider: string): string => buildPath('socialLogin', { provider }),
  mergeError: (provider: string): string => buildPath('mergeError', { provider }),
  dashboardConsultation: (appointmentId: string): string => buildPath('dashboardConsultation', { id: appointmentId }),
} as const;

export const requiresAuth = (pathname: string): boolean => {
  const name = matchRoute(pathname);
  if (!name) return true; // unknown paths are private by default
  const auth: RouteAuth = ROUTES[name].auth;
  return auth === 'member' || auth === 'staff' || auth === 'admin';
};

/** The auth kind of a pathname's route (undefined for unknown paths). */
export const routeAuth = (pathname: string): RouteAuth | undefined => {
  const name = matchRoute(pathname);
  return name ? ROUTES[name].auth : undefined;
};
