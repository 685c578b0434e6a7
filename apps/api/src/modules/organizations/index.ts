import type { ApiModule } from '../module';
import { organizationsResolvers, organizationsTypeDefs } from './organizations.resolvers';
import { organizationsRoutes } from './organizations.routes';

export const organizationsModule: ApiModule = {
  name: 'organizations',
  routes: ({ services }) => organizationsRoutes(services.organizations),
  graphql: { typeDefs: organizationsTypeDefs, resolvers: ({ services }) => organizationsResolvers(services.organizations) },
};
