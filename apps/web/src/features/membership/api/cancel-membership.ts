import { cancelMembershipResponseSchema, type CancelMembershipResponse } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/membership/cancel: a card subscription ends at the end of the paid period. */
export const cancelMembership = (): Promise<CancelMembershipResponse> => apiRequest('/api/membership/cancel', { method: 'POST', body: {}, schema: cancelMembershipResponseSchema });

export const useCancelMembership = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelMembership, onSuccess: () => client.invalidateQueries({ queryKey: ['member'] }) });
};
