/**
 * The error catalogue (spec 001 §8). Every error that leaves the server carries one of these
 * codes, the HTTP status below, a message in the user's language and, for bad input, a field map
 * whose values are message keys the web app translates.
 */
export const ERROR_CODES = [
  'APPOINTMENT_ALREADY_CANCELED',
  'APPOINTMENT_ALREADY_FINISHED',
  'APPOINTMENT_ALREADY_IN_PROGRESS',
  'CONFLICT',
  'INVALID_DATA',
  'INVITATION_EXPIRED',
  'LIMIT_EXCEEDED',
  'MEMBER_NOT_AVAILABLE',
  'NOT_FOUND',
  'NO_SLOTS_AVAILABLE',
  'PHYSICIAN_NOT_AVAILABLE',
  'TOKEN_EXPIRED',
  'TOKEN_INVALID',
  'UNAUTHORIZED',
  'UNKNOWN_ERROR',
  'USER_NOT_FOUND',
  // spec 001 §8 transport: "code payment-required" sends the member to the paywall.
  'PAYMENT_REQUIRED',
  // spec 001 §8 transport: 401 or 403 is shown as 'Sesión expirada'; 403 keeps its own code.
  'FORBIDDEN',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status for each code. 420 is reserved for the "go home with a modal" situation (spec §8). */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  APPOINTMENT_ALREADY_CANCELED: 409,
  APPOINTMENT_ALREADY_FINISHED: 409,
  APPOINTMENT_ALREADY_IN_PROGRESS: 409,
  CONFLICT: 409,
  INVALID_DATA: 400,
  INVITATION_EXPIRED: 410,
  LIMIT_EXCEEDED: 429,
  MEMBER_NOT_AVAILABLE: 409,
  NOT_FOUND: 404,
  NO_SLOTS_AVAILABLE: 409,
  PHYSICIAN_NOT_AVAILABLE: 409,
  TOKEN_EXPIRED: 401,
  TOKEN_INVALID: 401,
  UNAUTHORIZED: 401,
  UNKNOWN_ERROR: 500,
  USER_NOT_FOUND: 404,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
};

/**
 * Reasons refine a code where the spec names a message the client reacts to
 * (spec 001 §8 "Verification": passwordless-expired-code, passwordless-invalid-code,
 * passwordless-invalid-token; "error-generating-token" logs the user out).
 */
export const ERROR_REASONS = [
  'passwordless-invalid-code',
  'passwordless-expired-code',
  'passwordless-invalid-token',
  'error-generating-token',
  'resend-too-soon',
  'is blocked',
  // Ours (issue 3): staff sign in at /staff/login (email code or identity provider, then TOTP).
  'staff-sign-in-required',
  // spec 8: identity verification failed while merging accounts.
  'merge-failed',
  // spec 001 §8: the online coaches call refuses a member whose scheduled appointment is about to
  // start (CONFLICT with this reason); the web app sends her home (spec 000 §4).
  'scheduled-appointment',
  // spec 001 §2: scheduling is offered only when the member's organization has SchedulingAvailable
  // (members without an organization may schedule); the server refuses the booking otherwise.
  'scheduling-not-available',
  // spec 000 §4 "Scheduling flow": US-physician coaches have no calendar, so their bookings are
  // cancelled or moved through a support message (the member's own cancel/reschedule is refused).
  'via-support',
  // Issue 15 (spec 6 RestrictSocialLogin): an organization that hides social login does not take
  // accounts made through it; the member signs in by phone instead.
  'social-login-restricted',
  // Issue 11: a signed consultation note is locked; later changes are addenda (CONFLICT with this
  // reason). An addendum before the clinician signed her part is refused with note-not-signed.
  'note-signed',
  'note-not-signed',
  // Issue 15 (spec 6 SupportAvailable): the support form of a member whose organization does not offer support.
  'support-not-available',
  // Issue 15 (spec 3 USP_SCHEDULING_AVAILABLE): a booking with a US physician for a member whose organization does not offer it.
  'usp-scheduling-not-available',
  // A save of the medical record that would write over a text a colleague changed since its writer
  // read it (CONFLICT, data.fields: the texts; the domain's overwrittenFields).
  'record-changed',
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** The catalogue's generic field key: a field refused by a check without a key of its own (API and web forms alike). */
export const INVALID_VALUE_KEY = 'invalid_value';

/** The message key the web app shows for each code (translated in apps/web/src/locales). */
export const errorMessageKey = (code: ErrorCode): string => `error_${code.toLowerCase()}`;

/** Server-side messages in both languages, so API callers get a readable error in their language. */
export const ERROR_MESSAGES: Record<ErrorCode, { es: string; en: string }> = {
  APPOINTMENT_ALREADY_CANCELED: { es: 'La consulta ya fue cancelada.', en: 'The consultation was already canceled.' },
  APPOINTMENT_ALREADY_FINISHED: { es: 'La consulta ya terminó.', en: 'The consultation has already finished.' },
  APPOINTMENT_ALREADY_IN_PROGRESS: { es: 'La consulta ya está en curso.', en: 'The consultation is already in progress.' },
  CONFLICT: { es: 'La acción no es posible en el estado actual.', en: 'That action is not possible right now.' },
  INVALID_DATA: { es: 'Revisa los datos enviados.', en: 'Please check the information you sent.' },
  INVITATION_EXPIRED: { es: 'La invitación expiró.', en: 'The invitation has expired.' },
  LIMIT_EXCEEDED: { es: 'Demasiados intentos. Inténtalo más tarde.', en: 'Too many attempts. Please try again later.' },
  MEMBER_NOT_AVAILABLE: { es: 'El socio no está disponible.', en: 'The member is not available.' },
  NOT_FOUND: { es: 'No encontramos lo que buscas.', en: 'We could not find what you were looking for.' },
  NO_SLOTS_AVAILABLE: { es: 'No hay lugares disponibles.', en: 'There are no slots available.' },
  PHYSICIAN_NOT_AVAILABLE: { es: 'El médico no está disponible.', en: 'The physician is not available.' },
  TOKEN_EXPIRED: { es: 'El código expiró. Solicita uno nuevo.', en: 'The code has expired. Please request a new one.' },
  TOKEN_INVALID: { es: 'El código no es válido.', en: 'The code is not valid.' },
  UNAUTHORIZED: { es: 'Sesión expirada', en: 'Session expired' },
  UNKNOWN_ERROR: { es: 'No se pudo procesar la petición.', en: 'The request could not be processed.' },
  USER_NOT_FOUND: { es: 'No encontramos al usuario.', en: 'We could not find the user.' },
  PAYMENT_REQUIRED: { es: 'Tu membresía expiró.', en: 'Your membership has expired.' },
  FORBIDDEN: { es: 'Sesión expirada', en: 'Session expired' },
};
