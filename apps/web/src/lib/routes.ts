// TODO(domain): swap for ROUTES from @puente/domain once it exports them.
/** The paths the code navigates to by name (spec 000 §2). The full table is app/route-table.tsx. */
export const ROUTES = {
  root: '/',
  selectLanguage: '/select-language',
  presignup: '/presignup',
  registerEmployerCode: '/register-employer-code',
  login: '/login',
  verifyPhoneNumber: '/login/verify-phone-number',
  saveRecoveryCode: '/login/save-recovery-code',
  multipleAccounts: '/login/multiple-accounts',
  changePhoneRecovery: '/change-phone/recovery',
  deleteAccountDone: '/eliminar-cuenta',
  logout: '/lo',
  expiredInvitation: '/expired-invitation',
  home: '/inicio',
  profile: '/perfil',
  history: '/consulta/historial',
  paywall: '/membresia-expirada',
  createProfileFirstStep: '/induccion/crear-perfil/1',
  privacyNotice: '/aviso-de-privacidad',
} as const;
