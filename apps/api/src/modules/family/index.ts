import type { ApiModule } from '../module';
import { familyResolvers, familyTypeDefs } from './family.resolvers';
import { familyRoutes } from './family.routes';

export const familyModule: ApiModule = {
  name: 'family',
  routes: ({ services }) => familyRoutes(services.family),
  graphql: { typeDefs: familyTypeDefs, resolvers: ({ services }) => familyResolvers(services.family) },
};
