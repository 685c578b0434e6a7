import { ORGANIZATION_GQL, memberSchema, type MemberDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setMemberData } from '@/features/profile';
import { graphqlRequest } from '@/lib/api-client';
import { getSessionToken } from '@/lib/session';
import { removeSessionStorage, SESSION_STORAGE_KEYS } from '@/lib/storage';

/** unlinkOrganizationFromMember(memberId) (spec 7): the member leaves her organization. */
export const unlinkOrganization = (memberId: string): Promise<MemberDto> =>
  graphqlRequest(ORGANIZATION_GQL.unlinkOrganizationFromMember, { memberId }, 'unlinkOrganizationFromMember', memberSchema);

export const useUnlinkOrganization = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => unlinkOrganization(memberId),
    onSuccess: async (member) => {
      const token = getSessionToken();
      if (token) setMemberData(queryClient, token, member);
      // No organization, no partner.
      removeSessionStorage(SESSION_STORAGE_KEYS.partnerId);
      await queryClient.invalidateQueries({ queryKey: ['member'] });
      queryClient.removeQueries({ queryKey: ['organization'] });
    },
  });
};
