import { cancelScheduledResponseSchema } from '@puente/contracts';
import { CANCEL_BY_SMS } from '@puente/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/scheduled-appointments/{id}/cancel?cancel_reason=CANCEL_BY_SMS&token= (the texted link, no session). */
export const cancelByLink = ({ appointmentId, token }: { appointmentId: string; token: string }) =>
  apiRequest(`/api/scheduled-appointments/${encodeURIComponent(appointmentId)}/cancel?cancel_reason=${CANCEL_BY_SMS}&token=${encodeURIComponent(token)}`, {
    method: 'POST',
    auth: false,
    schema: cancelScheduledResponseSchema,
  });

export const useCancelByLink = () => useMutation({ mutationFn: cancelByLink });
