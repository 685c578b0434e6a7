import type { ApiModule } from '../module';
import { interactionsRoutes } from './interactions.routes';

export const interactionsModule: ApiModule = { name: 'interactions', routes: ({ services }) => interactionsRoutes(services.interactions) };
