import { dependantRemovalSchema, dependantSchema, dependantsResponseSchema, FAMILY_GQL, invitationLinkResponseSchema, invitationTokenResponseSchema, type AddDependantsInput, type DependantsResponse } from '@puente/contracts';
import { CACHE_MS } from '@puente/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, graphqlRequest } from '@/lib/api-client';

/** spec 7 getDependants / addDependants / updateDependant / deleteDependant, and the invitation link calls. */
export const dependantsQueryKey = (memberId: string | undefined) => ['dependants', memberId] as const;

export const getDependants = (memberId: string): Promise<DependantsResponse> =>
  graphqlRequest(FAMILY_GQL.getDependants, { memberId }, 'getDependants', dependantsResponseSchema);

/** spec 9: dependants are cached 24 h (every change below replaces the cached list). */
export const useDependants = (memberId: string | undefined) =>
  useQuery({
    queryKey: dependantsQueryKey(memberId),
    queryFn: () => getDependants(memberId!),
    enabled: memberId !== undefined,
    staleTime: CACHE_MS.dependants,
    gcTime: CACHE_MS.dependants,
    // A pending invitation may have been accepted meanwhile: the list is read again when shown.
    refetchOnMount: (query) => (query.state.data?.dependants.some((d) => d.invitationStatus === 'PENDING') ? 'always' : false),
  });

export const useAddDependants = (memberId: string | undefined) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (dependants: AddDependantsInput['dependants']) =>
      graphqlRequest(FAMILY_GQL.addDependants, { memberId, dependants }, 'addDependants', dependantsResponseSchema),
    onSuccess: (list) => client.setQueryData(dependantsQueryKey(memberId), list),
  });
};

export const useDeleteDependant = (memberId: string | undefined) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (dependantId: string) => graphqlRequest(FAMILY_GQL.deleteDependant, { referralId: memberId, dependantId }, 'deleteDependant', dependantRemovalSchema),
    onSuccess: ({ dependants, slotsLeft }) => client.setQueryData(dependantsQueryKey(memberId), { dependants, slotsLeft }),
  });
};

/** POST member/invitation-link: texts the pending dependant a new link. */
export const useResendInvitation = (memberId: string | undefined) =>
  useMutation({
    mutationFn: (d: { memberId: string; preferredLang: string; phoneNumber: string }) =>
      apiRequest('/api/member/invitation-link', {
        method: 'POST',
        body: { dependantMemberId: d.memberId, referalId: memberId, lang: d.preferredLang, phoneNumber: d.phoneNumber },
        schema: invitationLinkResponseSchema,
      }),
  });

/** GET member/invitation-token (before sign-in). */
export const getInvitationToken = (invitationToken: string) =>
  apiRequest(`/api/member/invitation-token?${new URLSearchParams({ invitationToken }).toString()}`, { auth: false, schema: invitationTokenResponseSchema });

/** updateDependant(currentMemberId, referralId, dependantTempId): the invited member accepts. */
export const acceptInvitation = (args: { currentMemberId: string; referralId: string; dependantTempId: string }) =>
  graphqlRequest(FAMILY_GQL.updateDependant, args, 'updateDependant', dependantSchema);
