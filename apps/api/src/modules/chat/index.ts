import type { ApiModule } from '../module';
import { chatRoutes } from './chat.routes';
import { chatSocketHandlers } from './chat.socket';

export const chatModule: ApiModule = {
  name: 'chat',
  routes: ({ services }) => chatRoutes(services.chat),
  socket: ({ services, log }) => chatSocketHandlers(services.chat, log),
};
