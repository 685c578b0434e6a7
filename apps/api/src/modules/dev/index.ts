import type { ApiModule } from '../module';
import { devRoutes } from './dev.routes';

/** The development outbox and helpers: never served in production. */
export const devModule: ApiModule = { name: 'dev', routes: ({ services }) => devRoutes(services.dev), when: ({ isProduction }) => !isProduction };
