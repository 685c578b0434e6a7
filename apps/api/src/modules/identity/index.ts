import type { ApiModule } from '../module';
import { identityRoutes } from './identity.routes';

export const identityModule: ApiModule = { name: 'identity', routes: ({ services }) => identityRoutes(services.identity) };
