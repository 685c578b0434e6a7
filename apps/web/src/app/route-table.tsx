import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { LogoutScreen } from '@/features/auth/components/logout-screen';
import { PresignupScreen } from '@/features/auth/components/presignup-screen';
import { SaveRecoveryCodeScreen } from '@/features/auth/components/save-recovery-code-screen';
import { SelectLanguageScreen } from '@/features/auth/components/select-language-screen';
import { VerifyPhoneScreen } from '@/features/auth/components/verify-phone-screen';
import { HomeScreen } from '@/features/home/components/home-screen';
import { ROUTES } from '@/lib/routes';

/**
 * Every route of spec 000 §2, in one table (a test checks it against the spec's list).
 * - access 'public': exempt from the route guard (entry, login, link-to-consult, legal, debug).
 * - bottomNav: the main screens that show the bottom navigation.
 * A screen not built yet renders a placeholder naming its route.
 */
export type RouteAccess = 'public' | 'private';
export interface AppRoute {
  path: string;
  access: RouteAccess;
  element?: ReactNode;
  bottomNav?: boolean;
}

const pub = (path: string, element?: ReactNode): AppRoute => ({ path, access: 'public', element });
const priv = (path: string, element?: ReactNode, bottomNav = false): AppRoute => ({ path, access: 'private', element, bottomNav });

export const ROUTE_TABLE: readonly AppRoute[] = [
  // Entry, login and account
  pub(ROUTES.selectLanguage, <SelectLanguageScreen />),
  pub(ROUTES.presignup, <PresignupScreen />),
  pub(ROUTES.registerEmployerCode),
  pub('/register-employer-code-success'),
  // Employer code for a member: works signed in or not (spec 000 §2).
  pub('/registro-organizacion'),
  pub('/registro-organizacion-exitoso'),
  pub(ROUTES.login, <LoginScreen />),
  pub(ROUTES.verifyPhoneNumber, <VerifyPhoneScreen />),
  // Reached right after createSession, so it needs the session like any signed-in screen.
  priv(ROUTES.saveRecoveryCode, <SaveRecoveryCodeScreen />),
  pub(ROUTES.multipleAccounts),
  pub('/login/auth0/verify'),
  pub('/login/auth0/email'),
  pub('/login/auth0/social'),
  pub('/login/merge/error/:provider'),
  pub('/login/social/:provider'),
  pub('/login/email/success'),
  pub('/login/social/success'),
  pub(ROUTES.changePhoneRecovery),
  pub('/change-phone/new-phone'),
  pub('/usar-mi-telefono'),
  pub('/cuenta-verificada'),
  pub('/cuenta-en-progreso-de-borrado'),
  pub(ROUTES.deleteAccountDone),
  pub(ROUTES.logout, <LogoutScreen />),
  pub(ROUTES.expiredInvitation),
  pub('/loading', <LoadingScreen testId="loading-screen" />),
  priv('/payment-loading', <LoadingScreen testId="payment-loading-screen" />),
  // Not named in the spec: the mobile web redirect page and the embedded legal pages.
  pub('/descargar-app'),
  pub(ROUTES.privacyNotice),
  pub('/aviso-de-practicas-de-privacidad'),
  pub('/et'),
  priv('/induccion/crear-perfil/:stepId/:qnId?'),
  // Link to consult (guest without login). Not named in the spec: the entry path itself.
  pub('/link-to-consult'),
  pub('/link-to-consult-closed'),
  pub('/link-to-consult-permissions'),
  pub('/link-to-consult-finished'),
  pub('/cancel-confirmation-link'),
  pub('/call'),
  pub('/open'),
  // Home and profile
  priv(ROUTES.root, <Navigate to={ROUTES.home} replace />),
  priv(ROUTES.home, <HomeScreen />, true),
  priv('/como-funciona'),
  priv('/consejos-de-salud'),
  priv('/contacto-soporte'),
  priv('/reportar-problema'),
  priv(ROUTES.profile, undefined, true),
  priv('/perfil/informacion'),
  priv('/perfil/notificaciones'),
  priv('/cambio-idioma'),
  priv('/perfil/eliminar-cuenta'),
  priv('/consent'),
  priv('/limited-services-screen-shown'),
  // Membership and organization
  priv('/membership'),
  priv(ROUTES.paywall),
  priv('/payment-success'),
  priv('/cambia-organizacion'),
  priv('/cancela-membresia-organizacion'),
  priv('/cambiar-sitio-organizacion'),
  // Family
  priv('/dependants'),
  priv('/dependants/add'),
  priv('/dependants/invitation-sent'),
  priv('/dependants/no-available-slots'),
  // Consultation
  priv('/consulta/coaches-disponibles'),
  priv('/coaches-disponibles'),
  priv('/ondemand-perfil-coach/:id'),
  priv('/consulta/llenado-de-informacion'),
  priv('/consulta/video-llamada'),
  priv('/consulta/infoPage/:code'),
  priv('/consulta/resumen-de-cita'),
  priv(ROUTES.history, undefined, true),
  priv('/consulta/historial/historial-chat'),
  priv('/consulta/historial/:id'),
  priv('/consulta/survey/:id'),
  priv('/consulta-agendada'),
  // Scheduling
  priv('/agenda/seleccionar-tema'),
  priv('/agenda/seleccionar-ph-tema'),
  priv('/agenda/seleccionar-coach'),
  priv('/agenda/confirmacion-cita'),
  priv('/agenda/exito'),
  priv('/agenda/consulta-en-progreso'),
  priv('/agenda/espacio-ocupado'),
  priv('/agenda/cancelada-exitosamente'),
];
