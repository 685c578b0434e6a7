import type { ApiModule } from '../module';
import { profileResolvers, profileTypeDefs } from './profile.resolvers';
import { profileRoutes } from './profile.routes';
import { registerEmailReminders } from './profile.service';

export const profileModule: ApiModule = {
  name: 'profile',
  routes: ({ services }) => profileRoutes(services.profile),
  graphql: { typeDefs: profileTypeDefs, resolvers: ({ services }) => profileResolvers(services.profile) },
  // spec 4/9: the email verification reminder after 24 hours.
  jobs: ({ services, jobs }) => registerEmailReminders(jobs, services.profile),
};
