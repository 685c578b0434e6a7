import { CACHE_MS, type Language } from '@puente/domain';
import { TOPICS_GQL, topicTemplateSchema, type TopicTemplateDto } from '@puente/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';
import { useSessionToken } from '@/lib/session';

/** getConsultationTopicsTemplate(lang): mainActions and sections, in the member's language. */
export const getTopicsTemplate = (lang: Language): Promise<TopicTemplateDto> =>
  graphqlRequest(TOPICS_GQL.getConsultationTopicsTemplate, { lang }, 'getConsultationTopicsTemplate', topicTemplateSchema);

export const topicsTemplateQueryKey = (lang: Language) => ['topics-template', lang] as const;

/** spec 9: topics are cached 24 h. Also fetched ahead, with the member, when /inicio opens (route-table's ROUTE_DATA). */
export const topicsTemplateQuery = (lang: Language) =>
  queryOptions({
    queryKey: topicsTemplateQueryKey(lang),
    queryFn: () => getTopicsTemplate(lang),
    staleTime: CACHE_MS.topics,
    gcTime: CACHE_MS.topics,
  });

export const useTopicsTemplate = (lang: Language) => {
  const token = useSessionToken();
  return useQuery({ ...topicsTemplateQuery(lang), enabled: token !== null });
};
