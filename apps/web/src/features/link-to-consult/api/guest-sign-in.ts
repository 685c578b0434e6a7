import { CALL_PATHS, guestLinkSessionSchema, type GuestLinkSession } from '@puente/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/guest-link: the link's token becomes a session limited to its appointment. */
export const guestSignIn = (input: { token: string; appointmentId: string }): Promise<GuestLinkSession> =>
  apiRequest(CALL_PATHS.guestSignIn, { method: 'POST', body: input, auth: false, schema: guestLinkSessionSchema });

/** PATCH /api/appointments/{id}/join-method/link (spec 7). */
export const setJoinMethodLink = (appointmentId: string): Promise<unknown> => apiRequest(CALL_PATHS.joinMethod(appointmentId, 'link'), { method: 'PATCH' });
