import { TOPICS_GQL, topicTemplateSchema, topicTitlesOf, type TopicTemplateDto } from '@puente/contracts';
import { CACHE_MS, type Language } from '@puente/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { graphqlRequest } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

/** Topic and subtopic ids to their titles. */
export type TopicTitles = ReadonlyMap<string, string>;

/** getConsultationTopicsTemplate(lang) as the clinician reads it: every topic's and subtopic's title by id. */
export const getTopicTitles = async (lang: Language): Promise<TopicTitles> => {
  const template: TopicTemplateDto = await graphqlRequest(TOPICS_GQL.getConsultationTopicsTemplate, { lang }, 'getConsultationTopicsTemplate', topicTemplateSchema);
  return topicTitlesOf(template);
};

/**
 * issue 11: the topic a member chose, in the reader's language (the appointment keeps the text in
 * the member's). Its own key (a Map, not the template home caches); spec 9: topics cached 24 h.
 */
export const useTopicTitles = (): TopicTitles | undefined => {
  const { i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  return useQuery({ queryKey: ['topic-titles', lang] as const, queryFn: () => getTopicTitles(lang), staleTime: CACHE_MS.topics, gcTime: CACHE_MS.topics }).data;
};
