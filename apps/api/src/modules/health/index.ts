import type { ApiModule } from '../module';
import { healthRoutes } from './health.routes';

export const healthModule: ApiModule = { name: 'health', routes: () => healthRoutes };
