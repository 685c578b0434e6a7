import { memberCareViewSchema, type MemberCareView } from '@puente/contracts';
import type { HealthProfileEdit } from '@puente/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/**
 * PATCH /api/members/{id}/health-profile (issue 11): the member's clinician corrects her allergies,
 * medications, conditions and surgeries (the server checks the care relationship and audits it).
 */
export const updateMemberHealthProfile = (input: { memberId: string; profile: HealthProfileEdit }): Promise<MemberCareView> =>
  apiRequest(`/api/members/${encodeURIComponent(input.memberId)}/health-profile`, { method: 'PATCH', body: input.profile, schema: memberCareViewSchema });

export const useUpdateMemberHealthProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemberHealthProfile,
    onSuccess: (view, input) => queryClient.setQueryData(dashboardKeys.member(input.memberId), view),
  });
};
