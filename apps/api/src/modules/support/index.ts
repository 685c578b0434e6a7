import type { ApiModule } from '../module';
import { supportResolvers, supportTypeDefs } from './support.resolvers';
import { supportRoutes } from './support.routes';

export const supportModule: ApiModule = {
  name: 'support',
  routes: ({ services }) => supportRoutes(services.support),
  graphql: { typeDefs: supportTypeDefs, resolvers: ({ services }) => supportResolvers(services.support) },
};
