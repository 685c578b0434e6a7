import { TIMERS, type Language, type Practice } from '@puente/domain';
import { onlinePhysiciansResponseSchema, PHYSICIAN_TAG_PREFIX, type OnlinePhysiciansResponse } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { readSessionStorage, SESSION_STORAGE_KEYS } from '@/lib/storage';

/** The tags GET /api/online-physicians filters by: the topic's tags and, if chosen, a language. */
export const onlinePhysicianTags = (topicTags: string | null | undefined, language: Language | null): string =>
  [topicTags, language ? `${PHYSICIAN_TAG_PREFIX.language}${language}` : null].filter(Boolean).join(',');

/** GET /api/online-physicians?tags=&partnerId= (spec 7). */
export const getOnlinePhysicians = (tags: string): Promise<OnlinePhysiciansResponse> => {
  const params = new URLSearchParams();
  if (tags) params.set('tags', tags);
  const partnerId = readSessionStorage(SESSION_STORAGE_KEYS.partnerId);
  if (partnerId) params.set('partnerId', partnerId);
  const query = params.toString();
  return apiRequest(`/api/online-physicians${query ? `?${query}` : ''}`, { schema: onlinePhysiciansResponseSchema });
};

/** spec 7/9: polled every 4 s while the member looks for a coach. */
export const useOnlinePhysicians = (input: { tags: string | null; practice: Practice | null; language: Language | null }) => {
  const tags = onlinePhysicianTags(input.tags, input.language);
  return useQuery({
    queryKey: ['online-physicians', tags],
    queryFn: () => getOnlinePhysicians(tags),
    refetchInterval: TIMERS.onlineCoachesPollMs,
    refetchIntervalInBackground: false,
    placeholderData: (previous) => previous,
  });
};
