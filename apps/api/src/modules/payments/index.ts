import type { ApiModule } from '../module';
import { paymentsRoutes } from './payments.routes';
import { STORE_ACKNOWLEDGEMENTS_JOB } from './store-purchases.service';
import { storeRoutes } from './store.routes';
import { visitPaymentsRoutes } from './visit-payments.routes';

/** Card checkout, store purchases and paid US-doctor visits (issue 14). */
export const paymentsModule: ApiModule = {
  name: 'payments',
  routes: ({ services }) => async (app) => {
    await app.register(paymentsRoutes(services.payments));
    await app.register(storeRoutes(services.storePurchases));
    await app.register(visitPaymentsRoutes(services.visitPayments));
  },
  // Failed Play acknowledgements, tried again with backoff within Google's 3 days.
  jobs: ({ services, jobs }) => jobs.register(STORE_ACKNOWLEDGEMENTS_JOB, 60_000, () => services.storePurchases.retryAcknowledgements()),
};
