import { createSurveyResultSchema, SURVEY_GQL, type CreateSurveyInput } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';
import { recordKeys } from './query-keys';

/** createSurvey (spec 7): the satisfaction survey of one consultation. */
export const createSurvey = (data: CreateSurveyInput['data']) => graphqlRequest(SURVEY_GQL.createSurvey, { data }, 'createSurvey', createSurveyResultSchema);

export const useCreateSatisfactionSurvey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createSurvey,
    onSuccess: (_r, data) => {
      if (data.appointmentId) void client.invalidateQueries({ queryKey: recordKeys.detail(data.appointmentId) });
    },
  });
};
