import { scheduledChangeResponseSchema, type ScheduledChangeRequest } from '@puente/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/scheduled-appointments/{id}/support-request (spec 4 "Scheduling flow"): a booking with
 * a US-physician coach, who has no calendar, is cancelled or moved through a support message.
 */
export const requestScheduledChange = ({ id, action }: { id: string } & ScheduledChangeRequest) =>
  apiRequest(`/api/scheduled-appointments/${encodeURIComponent(id)}/support-request`, { method: 'POST', body: { action }, schema: scheduledChangeResponseSchema });

export const useRequestScheduledChange = () => useMutation({ mutationFn: requestScheduledChange });
