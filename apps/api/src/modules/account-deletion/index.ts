import type { ApiModule } from '../module';
import { accountDeletionRoutes } from './account-deletion.routes';
import { registerAccountErasure } from './account-deletion.service';

export const accountDeletionModule: ApiModule = {
  name: 'account-deletion',
  routes: ({ services }) => accountDeletionRoutes(services.accountDeletion),
  jobs: ({ services, jobs, intervals }) => registerAccountErasure(jobs, services.accountDeletion, intervals.erasureMs),
};
