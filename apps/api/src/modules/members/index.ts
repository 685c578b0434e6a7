import type { ApiModule } from '../module';
import { membersResolvers, membersTypeDefs } from './members.resolvers';
import { membersRoutes } from './members.routes';

export const membersModule: ApiModule = {
  name: 'members',
  routes: ({ services }) => membersRoutes(services.members),
  graphql: { typeDefs: membersTypeDefs, resolvers: ({ services }) => membersResolvers(services.members) },
};
