import { memberSchema, type MemberDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setMemberData } from '@/features/profile';
import { apiRequest } from '@/lib/api-client';
import { getSessionToken } from '@/lib/session';

/** PATCH /api/users/{id}/employer-code/{code} (spec 7): the member joins the organization of the code. */
export const associateEmployerCode = (memberId: string, code: string): Promise<MemberDto> =>
  apiRequest(`/api/users/${encodeURIComponent(memberId)}/employer-code/${encodeURIComponent(code)}`, { method: 'PATCH', schema: memberSchema });

/** After a change of organization: the member (her plan) and every organization read again. */
export const useAssociateEmployerCode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, code }: { memberId: string; code: string }) => associateEmployerCode(memberId, code),
    onSuccess: async (member) => {
      const token = getSessionToken();
      if (token) setMemberData(queryClient, token, member);
      await queryClient.invalidateQueries({ queryKey: ['member'] });
      await queryClient.invalidateQueries({ queryKey: ['organization'] });
    },
  });
};
