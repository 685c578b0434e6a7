import { createSurveyResultSchema, SURVEY_GQL, type CreateSurveyInput } from '@puente/contracts';
import { useMutation } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';

/** createSurvey (spec 7) for a complaint (ComplaintReport) or a support request (support). */
export const createSupportSurvey = (data: CreateSurveyInput['data']) => graphqlRequest(SURVEY_GQL.createSurvey, { data }, 'createSurvey', createSurveyResultSchema);

export const useCreateSupportSurvey = () => useMutation({ mutationFn: createSupportSurvey });
