import type { ApiModule } from '../module';
import { notificationsRoutes } from './notifications.routes';

export const notificationsModule: ApiModule = { name: 'notifications', routes: ({ services }) => notificationsRoutes(services.notifications) };
