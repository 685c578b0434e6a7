import type { ApiModule } from '../module';
import { appointmentsSocketPlugin } from './appointments.realtime';
import { appointmentsResolvers, appointmentsTypeDefs } from './appointments.resolvers';
import { appointmentsRoutes } from './appointments.routes';

export const appointmentsModule: ApiModule = {
  name: 'appointments',
  routes: ({ services }) => appointmentsRoutes(services.appointments),
  graphql: { typeDefs: appointmentsTypeDefs, resolvers: ({ services }) => appointmentsResolvers(services.appointments) },
  socket: ({ services, gateway, log }) =>
    appointmentsSocketPlugin({ appointments: services.appointments, physicians: services.physicians, accounts: services.members, gateway, log }),
};
