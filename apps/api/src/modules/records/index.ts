import type { ApiModule } from '../module';
import { recordsRoutes } from './records.routes';

export const recordsModule: ApiModule = { name: 'records', routes: ({ services }) => recordsRoutes(services.records) };
