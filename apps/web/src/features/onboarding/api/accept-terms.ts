import { acceptTermsResponseSchema, GQL, type MemberDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';
import { memberQueryKey } from '@/features/profile';
import { getSessionToken } from '@/lib/session';

/** spec 7 "accept terms (returns an agreement date)". */
export const acceptTerms = (): Promise<string> => graphqlRequest(GQL.acceptTerms, {}, 'acceptTerms', acceptTermsResponseSchema);

export const useAcceptTerms = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: (agreedTosAt) => {
      const token = getSessionToken();
      if (!token) return;
      queryClient.setQueryData<MemberDto>(memberQueryKey(token), (m) => (m ? { ...m, agreedTosAt, needsToAcceptTerms: false } : m));
    },
  });
};
