import { cancelMembershipResponseSchema, type CancelMembershipResponse } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/membership/invitation-trial: after a withdrawn family invitation, the 30-day trial (once). */
export const startInvitationTrial = (): Promise<CancelMembershipResponse> =>
  apiRequest('/api/membership/invitation-trial', { method: 'POST', body: {}, schema: cancelMembershipResponseSchema });

export const useStartInvitationTrial = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: startInvitationTrial, onSuccess: () => client.invalidateQueries({ queryKey: ['member'] }) });
};
