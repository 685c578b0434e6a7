import type { ApiModule } from '../module';
import { recoveryRoutes } from './recovery.routes';

export const recoveryModule: ApiModule = { name: 'recovery', routes: ({ services }) => recoveryRoutes(services.recovery) };
