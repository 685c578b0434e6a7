import { GQL, memberSchema, type MemberDto } from '@puente/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';
import { useSessionToken } from '@/lib/session';

/** The signed-in member, shared by every feature through the query cache. */
export const memberQueryKey = (token: string | null) => ['member', token] as const;

export const fetchMember = (): Promise<MemberDto> => graphqlRequest(GQL.getMember, {}, 'getMember', memberSchema);

export const useMember = () => {
  const token = useSessionToken();
  return useQuery({
    queryKey: memberQueryKey(token),
    queryFn: fetchMember,
    enabled: token !== null,
    // The member must survive while the session does; it is refreshed on resume and on realtime updates.
    gcTime: Infinity,
    staleTime: Infinity,
  });
};

export const setMemberData = (client: QueryClient, token: string, member: MemberDto): void => {
  client.setQueryData(memberQueryKey(token), member);
};
