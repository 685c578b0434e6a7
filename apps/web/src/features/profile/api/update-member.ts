import { GQL, memberSchema, type MemberDto } from '@puente/contracts';
import { pickMemberUpdate, type MemberUpdateField } from '@puente/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';
import { setMemberData } from './get-member';
import { getSessionToken } from '@/lib/session';

/**
 * spec 7 updateMember(memberId, data). spec 5: only the whitelist leaves the browser (the server
 * refuses anything else), so the patch is picked here as well. Shared by onboarding, consent and profile.
 */
export const updateMember = (memberId: string, data: Partial<Record<MemberUpdateField, unknown>>): Promise<MemberDto> =>
  graphqlRequest(GQL.updateMember, { memberId, data: pickMemberUpdate(data) }, 'updateMember', memberSchema);

export const useUpdateMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, data }: { memberId: string; data: Partial<Record<MemberUpdateField, unknown>> }) => updateMember(memberId, data),
    onSuccess: (member) => {
      const token = getSessionToken();
      if (token) setMemberData(queryClient, token, member);
    },
  });
};
