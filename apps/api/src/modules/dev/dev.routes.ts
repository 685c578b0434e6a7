import { outboxQuerySchema, type OutboxResponse } from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../http';
import type { DevService } from './dev.service';

/** Development helpers. Never registered when NODE_ENV=production (the routes do not exist there). */
export function devRoutes(dev: DevService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/dev/outbox', async (request): Promise<OutboxResponse> => {
      const query = parseWith(outboxQuerySchema, request.query);
      // A "+" in a query string arrives as a space when the caller did not encode it.
      const to = query.to && /^\s*\d+$/.test(query.to) ? `+${query.to.trim()}` : query.to;
      return dev.listOutbox({ to });
    });
  };
}
