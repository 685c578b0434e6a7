import { describe, expect, it } from 'vitest';
import { INFO_PAGE_CODES, ROUTES, ROUTE_NAMES, buildPath, matchRoute, paths, requiresAuth, routeAuth } from './routes';

// One row per route of spec 000 §2.
describe('spec 2 routes', () => {
  it.each([
    ['/select-language', 'selectLanguage', false],
    ['/presignup', 'presignup', false],
    ['/register-employer-code', 'registerEmployerCode', false],
    ['/register-employer-code-success', 'registerEmployerCodeSuccess', false],
    ['/registro-organizacion', 'organizationRegistration', false],
    ['/registro-organizacion-exitoso', 'organizationRegistrationSuccess', false],
    ['/login', 'login', false],
    ['/login/verify-phone-number', 'verifyPhoneNumber', false],
    ['/login/save-recovery-code', 'saveRecoveryCode', true],
    ['/login/multiple-accounts', 'multipleAccounts', false],
    ['/login/auth0/verify', 'identityVerify', false],
    ['/login/auth0/email', 'identityEmail', false],
    ['/login/auth0/social', 'identitySocial', false],
    ['/login/merge/error/google', 'mergeError', false],
    ['/login/social/apple', 'socialLogin', false],
    ['/login/email/success', 'emailMergeSuccess', true],
    ['/login/social/success', 'socialMergeSuccess', true],
    ['/change-phone/recovery', 'changePhoneRecovery', false],
    ['/change-phone/new-phone', 'changePhoneNewPhone', false],
    ['/usar-mi-telefono', 'useMyPhone', false],
    ['/cuenta-verificada', 'verifiedEmail', false],
    ['/cuenta-en-progreso-de-borrado', 'pendingDeletion', false],
    ['/eliminar-cuenta', 'accountDeleted', false],
    ['/lo', 'logout', false],
    ['/expired-invitation', 'expiredInvitation', false],
    ['/loading', 'loading', false],
    ['/payment-loading', 'paymentLoading', true],
    ['/et', 'eventsDebug', false],
    ['/induccion/crear-perfil/1', 'createProfile', true],
    ['/induccion/crear-perfil/2/q7', 'createProfile', true],
    ['/link-to-consult-closed', 'linkToConsultClosed', false],
    ['/link-to-consult-permissions', 'linkToConsultPermissions', false],
    ['/link-to-consult-finished', 'linkToConsultFinished', false],
    ['/cancel-confirmation-link', 'cancelConfirmationLink', false],
    ['/call', 'call', false],
    ['/open', 'open', false],
    ['/inicio', 'home', true],
    ['/', 'home', true],
    ['/como-funciona', 'howItWorks', true],
    ['/consejos-de-salud', 'healthTips', true],
    ['/contacto-soporte', 'supportContact', true],
    ['/reportar-problema', 'reportProblem', true],
    ['/perfil', 'profile', true],
    ['/perfil/informacion', 'profileInformation', true],
    ['/perfil/notificaciones', 'profileNotifications', true],
    ['/cambio-idioma', 'changeLanguage', true],
    ['/perfil/eliminar-cuenta', 'deleteAccount', true],
    ['/consent', 'consent', true],
    ['/limited-services-screen-shown', 'limitedServices', true],
    ['/membership', 'membership', true],
    ['/membresia-expirada', 'paywall', true],
    ['/payment-success', 'paymentSuccess', true],
    ['/cambia-organizacion', 'changeOrganization', true],
    ['/cancela-membresia-organizacion', 'cancelOrganizationMembership', true],
    ['/cambiar-sitio-organizacion', 'changeOrganizationSite', true],
    ['/dependants', 'dependants', true],
    ['/dependants/add', 'addDependant', true],
    ['/dependants/invitation-sent', 'dependantInvitationSent', true],
    ['/dependants/no-available-slots', 'dependantsNoSlots', true],
    ['/consulta/coaches-disponibles', 'availableCoaches', true],
    ['/coaches-disponibles', 'availableCoaches', true],
    ['/ondemand-perfil-coach/abc', 'coachProfile', true],
    ['/consulta/llenado-de-informacion', 'locationForm', true],
    ['/consulta/video-llamada', 'videoCall', false],
    ['/consulta/infoPage/SC023', 'infoPage', false],
    ['/consulta/resumen-de-cita', 'appointmentSummary', true],
    ['/consulta/historial', 'history', true],
    ['/consulta/historial/historial-chat', 'historyChat', true],
    ['/consulta/historial/a1', 'historyDetail', true],
    ['/consulta/survey/a1', 'survey', true],
    ['/consulta-agendada', 'scheduledConfirmation', true],
    ['/agenda/seleccionar-tema', 'scheduleSelectTopic', true],
    ['/agenda/seleccionar-ph-tema', 'scheduleSelectPhTopic', true],
    ['/agenda/seleccionar-coach', 'scheduleSelectCoach', true],
    ['/agenda/confirmacion-cita', 'scheduleConfirm', true],
    ['/agenda/exito', 'scheduleSuccess', true],
    ['/agenda/consulta-en-progreso', 'scheduleInProgress', true],
    ['/agenda/espacio-ocupado', 'scheduleSlotTaken', true],
    ['/agenda/cancelada-exitosamente', 'scheduleCanceled', true],
    ['/staff/login', 'staffLogin', false],
    // Staff screens (paths ours)
    ['/dashboard', 'dashboard', true],
    ['/dashboard/consulta/a1', 'dashboardConsultation', true],
    ['/admin', 'admin', true],
    ['/admin/calendarios', 'adminCalendars', true],
  ] as const)('%s is %s (auth %s)', (path, name, auth) => {
    expect(matchRoute(path)).toBe(name);
    expect(requiresAuth(path)).toBe(auth);
  });

  it.each([
    ['/dashboard', 'staff'],
    ['/dashboard/consulta/a1', 'staff'],
    ['/admin', 'admin'],
    ['/admin/calendarios', 'admin'],
    ['/inicio', 'member'],
    ['/login', 'public'],
    ['/nope', undefined],
  ] as const)('%s has auth kind %s', (path, auth) => expect(routeAuth(path)).toBe(auth));
  it('query strings are ignored when matching', () => expect(matchRoute('/cuenta-en-progreso-de-borrado?drt=1')).toBe('pendingDeletion'));
  it('unknown paths need auth', () => {
    expect(matchRoute('/nope')).toBeUndefined();
    expect(requiresAuth('/nope')).toBe(true);
  });
  it('paths are unique', () => {
    const all = ROUTE_NAMES.map((n) => ROUTES[n].path);
    expect(new Set(all).size).toBe(all.length);
  });
  it('info page codes', () => expect(INFO_PAGE_CODES).toEqual(['SC005', 'SC023', 'SC038', 'SC064', 'SC094', 'SC099', 'SMC11']));
  it('builds paths', () => {
    expect(paths.survey('a 1')).toBe('/consulta/survey/a%201');
    expect(paths.createProfileStep(1)).toBe('/induccion/crear-perfil/1');
    expect(paths.infoPage('SC064')).toBe('/consulta/infoPage/SC064');
    expect(paths.socialLogin('google')).toBe('/login/social/google');
    expect(buildPath('createProfile', { stepId: 2, qnId: 'x' })).toBe('/induccion/crear-perfil/2/x');
    expect(() => buildPath('historyDetail')).toThrow();
    expect(paths.dashboardConsultation('a 1')).toBe('/dashboard/consulta/a%201');
  });
});
