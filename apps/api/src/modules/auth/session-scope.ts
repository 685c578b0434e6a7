import type { SessionScope } from '@puente/domain';
import type { SessionRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * Who is asking: the account, plus the scope of the session it came with (stored on the session
 * row, see SessionScope). Every service call receives this, so the scope is enforced where the
 * data is, whatever the request looked like (REST, GraphQL with fragments or aliases, a socket).
 * `sessionScope` null (or absent, for jobs and staff tools) is the account's full session.
 */
export type Actor = UserRow & { readonly sessionScope?: SessionScope | null };

/** The scope stored on a session row, or null for a full session. */
export const scopeOfSession = (session: Pick<SessionRow, 'scopeKind' | 'scopeAppointmentId'>): SessionScope | null =>
  session.scopeKind && session.scopeAppointmentId ? { kind: session.scopeKind, appointmentId: session.scopeAppointmentId } : null;

/** The account as a session of that scope uses it. */
export const actorOf = (user: UserRow, scope: SessionScope | null): Actor => ({ ...user, sessionScope: scope });

export const scopeOf = (actor: Pick<Actor, 'sessionScope'> | null | undefined): SessionScope | null => actor?.sessionScope ?? null;

/** Whether the actor is a guest-link session (reaches one appointment's call only). */
export const isGuest = (actor: Pick<Actor, 'sessionScope'> | null | undefined): boolean => scopeOf(actor)?.kind === 'guest-call';

/**
 * A guest session names only its own appointment: any other is NOT_FOUND, the same answer as for
 * an appointment that does not exist (nothing is revealed about the member's other consultations).
 */
export function assertAppointmentInScope(actor: Pick<Actor, 'sessionScope'> | null | undefined, appointmentId: string): void {
  const scope = scopeOf(actor);
  if (scope && scope.appointmentId !== appointmentId) throw new AppError('NOT_FOUND');
}

/** Operations a guest session never needs in its call (profile, history, new consultations...). */
export function refuseGuest(actor: Pick<Actor, 'sessionScope'> | null | undefined): void {
  if (scopeOf(actor)) throw new AppError('FORBIDDEN');
}

/**
 * The realtime room of one appointment's guest-link sockets. They do not join the member's own
 * room (which hears about all her consultations); what concerns their appointment is sent here.
 */
export const guestRoom = (appointmentId: string): string => `guest:${appointmentId}`;
