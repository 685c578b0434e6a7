import { CALL_PATHS } from '@puente/contracts';
import type { ConnectionStrength } from '@puente/domain';
import { apiRequest } from '@/lib/api-client';

/** PATCH /api/appointments/{id}/connection-strength/{value} (spec 7: 3 good, 2 regular, 1 bad). */
export const reportConnectionStrength = (appointmentId: string, value: ConnectionStrength): Promise<unknown> =>
  apiRequest(CALL_PATHS.connectionStrength(appointmentId, value), { method: 'PATCH' });
