import { interactionEventRequestSchema, interactionIdentityRequestSchema, type InteractionResponse } from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { parseWith, requireAuth } from '../../http';
import type { InteractionsService } from './interactions.service';

export function interactionsRoutes(interactions: InteractionsService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post('/api/interactions/event', async (request): Promise<InteractionResponse> => {
      const body = parseWith(interactionEventRequestSchema, request.body);
      return interactions.recordEvent({ ...body, auth: request.auth, ip: request.ip });
    });

    app.post('/api/interactions/identity', async (request): Promise<InteractionResponse> => {
      requireAuth(request); // traits tie a device to an account: signed in only
      const body = parseWith(interactionIdentityRequestSchema, request.body);
      return interactions.recordIdentity({ ...body, auth: request.auth, ip: request.ip });
    });
  };
}
