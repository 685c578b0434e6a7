import type { ApiModule } from '../module';
import { topicsResolvers, topicsTypeDefs } from './topics.resolvers';

export const topicsModule: ApiModule = {
  name: 'topics',
  graphql: { typeDefs: topicsTypeDefs, resolvers: ({ services }) => topicsResolvers(services.topics) },
};
