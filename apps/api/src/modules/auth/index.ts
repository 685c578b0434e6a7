import type { ApiModule } from '../module';
import { authResolvers, authTypeDefs } from './auth.resolvers';
import { authRoutes } from './auth.routes';

export const authModule: ApiModule = {
  name: 'auth',
  routes: ({ services }) => authRoutes(services.auth),
  graphql: { typeDefs: authTypeDefs, resolvers: ({ services }) => authResolvers(services.auth) },
};
