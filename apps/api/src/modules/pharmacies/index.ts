import type { ApiModule } from '../module';
import { pharmaciesRoutes } from './pharmacies.routes';

export const pharmaciesModule: ApiModule = { name: 'pharmacies', routes: ({ services }) => pharmaciesRoutes(services.pharmacies) };
