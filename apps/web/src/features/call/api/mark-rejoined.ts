import { CALL_PATHS, rejoinedResponseSchema } from '@puente/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/appointments/{id}/rejoined: the member accepted the return-to-call modal (spec 4). */
export const markRejoined = (appointmentId: string) => apiRequest(CALL_PATHS.rejoined(appointmentId), { method: 'POST', schema: rejoinedResponseSchema });
