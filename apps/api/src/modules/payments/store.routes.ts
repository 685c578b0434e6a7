import { storeValidationRequestSchema, type StoreValidationResponse } from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { parseWith, requireAuth } from '../../http';
import type { StorePurchasesService } from './store-purchases.service';

export function storeRoutes(store: StorePurchasesService) {
  return async (app: FastifyInstance): Promise<void> => {
    // spec 7 POST payments/validation: the native app's store receipt.
    app.post('/api/payments/validation', async (request): Promise<StoreValidationResponse> => {
      const auth = requireAuth(request);
      return store.validate(auth.user, parseWith(storeValidationRequestSchema, request.body));
    });

    // App Store Server Notifications v2 ({ signedPayload }) and Play real-time developer
    // notifications (Pub/Sub push, bearer-signed): verified by the store's verifier, processed once.
    app.post('/api/payments/notifications/applestore', async (request) => store.handleNotification('applestore', request.body, request.headers));
    app.post('/api/payments/notifications/playstore', async (request) => store.handleNotification('playstore', request.body, request.headers));
  };
}
