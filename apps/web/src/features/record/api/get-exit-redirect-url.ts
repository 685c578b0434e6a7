import { exitRedirectUrlResponseSchema } from '@puente/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/appointments/{id}/exit-redirect-url: after the survey, where an organization member goes. */
export const getExitRedirectUrl = async (appointmentId: string): Promise<string> =>
  (await apiRequest(`/api/appointments/${encodeURIComponent(appointmentId)}/exit-redirect-url`, { schema: exitRedirectUrlResponseSchema })).url;
