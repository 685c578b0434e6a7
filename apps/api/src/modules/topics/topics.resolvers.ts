import { topicsTemplateArgsSchema, type TopicTemplateDto } from '@puente/contracts';
import { AppError } from '../../errors';
import type { GraphqlContext } from '../../graphql';
import { parseWith } from '../../http';
import type { TopicsService } from './topics.service';

/** Field names exactly as packages/contracts topicTemplateSchema. */
export const topicsTypeDefs = /* GraphQL */ `
  type Subtopic {
    id: ID!
    type: String
    "health or mentalhealth"
    practice: String!
    title: String!
    description: String
    tags: String!
    reason: String!
    iconName: String
    iconColor: String
    iconColorShade: String
    backgroundColor: String
    backgroundColorShade: String
    requiresSelfAssessment: Boolean!
  }
  type Topic {
    id: ID!
    type: String
    practice: String!
    title: String!
    description: String
    tags: String!
    reason: String!
    iconName: String
    iconColor: String
    iconColorShade: String
    backgroundColor: String
    backgroundColorShade: String
    requiresSelfAssessment: Boolean!
    subtopics: [Subtopic!]!
  }
  type TopicSection {
    title: String!
    topics: [Topic!]!
  }
  type TopicTemplate {
    id: ID!
    sections: [TopicSection!]!
    mainActions: [Topic!]!
  }
  extend type Query {
    "the caller's organization template (or the default), in lang (default: the caller's language)"
    getConsultationTopicsTemplate(lang: String): TopicTemplate!
  }
`;

export function topicsResolvers(topics: TopicsService) {
  return {
    Query: {
      getConsultationTopicsTemplate: async (_root: unknown, args: { lang?: string | null }, ctx: GraphqlContext): Promise<TopicTemplateDto> => {
        if (!ctx.auth) throw new AppError('UNAUTHORIZED');
        const { lang } = parseWith(topicsTemplateArgsSchema, { lang: args.lang ?? undefined });
        return topics.templateFor(ctx.auth.user, lang ?? ctx.lang);
      },
    },
  };
}
