import type { ApiModule } from '../module';
import { membershipResolvers, membershipTypeDefs } from './membership.resolvers';
import { membershipRoutes } from './membership.routes';

export const membershipModule: ApiModule = {
  name: 'membership',
  routes: ({ services }) => membershipRoutes(services.membership),
  graphql: { typeDefs: membershipTypeDefs, resolvers: ({ services }) => membershipResolvers(services.membership) },
};
