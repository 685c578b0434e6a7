import type { ApiModule } from '../module';
import { prescribingRoutes } from './prescribing.routes';

export const prescribingModule: ApiModule = { name: 'prescribing', routes: ({ services }) => prescribingRoutes(services.prescribing) };
