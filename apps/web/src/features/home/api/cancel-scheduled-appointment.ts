import { cancelScheduledResponseSchema } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/scheduled-appointments/{id}/cancel?cancel_reason=CANCELED_BY_SOCIO (spec 7). */
export const cancelScheduledAppointment = (id: string) =>
  apiRequest(`/api/scheduled-appointments/${encodeURIComponent(id)}/cancel?cancel_reason=CANCELED_BY_SOCIO`, { method: 'POST', schema: cancelScheduledResponseSchema });

export const useCancelScheduledAppointment = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelScheduledAppointment, onSuccess: () => client.invalidateQueries({ queryKey: ['scheduled-appointments'] }) });
};
