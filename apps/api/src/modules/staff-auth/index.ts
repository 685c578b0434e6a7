import type { ApiModule } from '../module';
import { staffAuthRoutes } from './staff-auth.routes';

export const staffAuthModule: ApiModule = { name: 'staff-auth', routes: ({ services }) => staffAuthRoutes(services.staffAuth) };
