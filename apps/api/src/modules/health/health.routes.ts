import type { HealthResponse } from '@puente/contracts';
import type { FastifyInstance } from 'fastify';

/** Liveness: answers without touching the database, so it stays fast under load. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async (): Promise<HealthResponse> => ({ status: 'ok' }));
}
