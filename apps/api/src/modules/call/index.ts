import type { ApiModule } from '../module';
import { callRoutes } from './call.routes';
import { callSocketHandlers } from './call.socket';

export const callModule: ApiModule = {
  name: 'call',
  routes: ({ services }) => callRoutes(services.call),
  socket: ({ services, log }) => callSocketHandlers(services.call, log),
};
