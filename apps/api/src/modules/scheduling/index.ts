import type { ApiModule } from '../module';
import { schedulingResolvers, schedulingTypeDefs } from './scheduling.resolvers';
import { schedulingRoutes } from './scheduling.routes';

export const schedulingModule: ApiModule = {
  name: 'scheduling',
  routes: ({ services }) => schedulingRoutes(services.scheduling),
  graphql: { typeDefs: schedulingTypeDefs, resolvers: ({ services }) => schedulingResolvers(services.scheduling) },
  // The durable reminder queue (pg-boss or the table queue).
  start: async ({ services }) => {
    await services.scheduling.start();
    return () => services.scheduling.stop();
  },
};
