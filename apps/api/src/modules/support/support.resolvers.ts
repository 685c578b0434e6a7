import { createSurveyInputSchema } from '@puente/contracts';
import { AppError } from '../../errors';
import type { GraphqlContext } from '../../graphql';
import { parseWith } from '../../http';
import type { SupportService } from './support.service';

/** spec 7 createSurvey(data: items, type, memberId, primaryContactId) -> _id. */
export const supportTypeDefs = /* GraphQL */ `
  input SurveyInput {
    "ComplaintReport, support, mental-health satisfaction or general satisfaction"
    type: String!
    items: JSON!
    memberId: ID!
    primaryContactId: ID
    "the consultation a satisfaction survey rates"
    appointmentId: ID
  }
  type SurveyResult {
    _id: ID!
  }
  extend type Mutation {
    createSurvey(data: SurveyInput!): SurveyResult!
  }
`;

export function supportResolvers(support: SupportService) {
  return {
    Mutation: {
      createSurvey: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<{ _id: string }> => {
        if (!ctx.auth) throw new AppError('UNAUTHORIZED');
        const input = parseWith(createSurveyInputSchema, args);
        return support.createSurvey(ctx.auth.user, input.data);
      },
    },
  };
}
