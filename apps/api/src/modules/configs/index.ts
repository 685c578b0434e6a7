import type { ApiModule } from '../module';
import { configsRoutes } from './configs.routes';

export const configsModule: ApiModule = { name: 'configs', routes: ({ services }) => configsRoutes(services.configs) };
