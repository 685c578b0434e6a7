import { TOPICS_GQL, topicTemplateSchema, type TopicTemplateDto } from '@puente/contracts';
import { CACHE_MS } from '@puente/domain';
import { useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';

/** The member's topics template, for the optional physical-health topic list (spec 9: topics cached 24 h). */
export const getScheduleTopics = (lang: string): Promise<TopicTemplateDto> =>
  graphqlRequest(TOPICS_GQL.getConsultationTopicsTemplate, { lang }, 'getConsultationTopicsTemplate', topicTemplateSchema);

export const useScheduleTopics = (lang: string) =>
  useQuery({ queryKey: ['schedule-topics', lang], queryFn: () => getScheduleTopics(lang), staleTime: CACHE_MS.topics });
