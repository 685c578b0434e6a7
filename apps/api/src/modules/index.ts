import { accountDeletionModule } from './account-deletion';
import { adminModule } from './admin';
import { appointmentsModule } from './appointments';
import { authModule } from './auth';
import { callModule } from './call';
import { chatModule } from './chat';
import { configsModule } from './configs';
import { devModule } from './dev';
import { familyModule } from './family';
import { healthModule } from './health';
import { identityModule } from './identity';
import { interactionsModule } from './interactions';
import { membersModule } from './members';
import { membershipModule } from './membership';
import type { ApiModule } from './module';
import { notificationsModule } from './notifications';
import { organizationsModule } from './organizations';
import { paymentsModule } from './payments';
import { pharmaciesModule } from './pharmacies';
import { physiciansModule } from './physicians';
import { prescribingModule } from './prescribing';
import { profileModule } from './profile';
import { recordsModule } from './records';
import { recoveryModule } from './recovery';
import { schedulingModule } from './scheduling';
import { staffAuthModule } from './staff-auth';
import { supportModule } from './support';
import { topicsModule } from './topics';

/** The server's modules, in registration order (app.ts registers their parts; issue 9). */
export const API_MODULES: readonly ApiModule[] = [
  healthModule,
  authModule,
  membersModule,
  physiciansModule,
  topicsModule,
  appointmentsModule,
  callModule,
  chatModule,
  profileModule,
  recoveryModule,
  accountDeletionModule,
  configsModule,
  interactionsModule,
  membershipModule,
  paymentsModule,
  supportModule,
  adminModule,
  recordsModule,
  notificationsModule,
  prescribingModule,
  pharmaciesModule,
  schedulingModule,
  familyModule,
  organizationsModule,
  devModule,
  identityModule,
  staffAuthModule,
];

/** The modules' GraphQL type definitions, as served (a test checks them against the contracts). */
export const GRAPHQL_TYPE_DEFS: readonly string[] = API_MODULES.flatMap((m) => (m.graphql ? [m.graphql.typeDefs] : []));

export type { ApiModule, ModuleContext } from './module';
