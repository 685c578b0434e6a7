import { changeLanguageResponseSchema, type ChangeLanguageResponse, type MemberDto } from '@puente/contracts';
import type { Language } from '@puente/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { memberQueryKey } from './get-member';
import { getSessionToken } from '@/lib/session';

/** spec 7: POST users/{id}/language/{lang}. */
export const changeLanguage = (memberId: string, lang: Language): Promise<ChangeLanguageResponse> =>
  apiRequest(`/api/users/${encodeURIComponent(memberId)}/language/${lang}`, { method: 'POST', body: {}, schema: changeLanguageResponseSchema });

export const useChangeLanguage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, lang }: { memberId: string; lang: Language }) => changeLanguage(memberId, lang),
    onSuccess: ({ preferredLang }) => {
      const token = getSessionToken();
      if (token) queryClient.setQueryData<MemberDto>(memberQueryKey(token), (m) => (m ? { ...m, preferredLang } : m));
    },
  });
};
