import type { ApiModule } from '../module';
import { physiciansResolvers, physiciansTypeDefs } from './physicians.resolvers';
import { physiciansRoutes } from './physicians.routes';

export const physiciansModule: ApiModule = {
  name: 'physicians',
  routes: ({ services }) => physiciansRoutes(services.physicians),
  graphql: { typeDefs: physiciansTypeDefs, resolvers: ({ services }) => physiciansResolvers(services.physicians) },
  // Online coaches and the available set, from presence and the database.
  start: async ({ services }) => {
    await services.physicians.init();
    return async () => undefined;
  },
};
