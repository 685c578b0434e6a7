import type { ApiModule } from '../module';
import { adminRoutes } from './admin.routes';

/** The admin console (issue 15): staff, a member's audit log, the usage report. */
export const adminModule: ApiModule = {
  name: 'admin',
  routes: ({ services }) => adminRoutes(services.admin),
};
