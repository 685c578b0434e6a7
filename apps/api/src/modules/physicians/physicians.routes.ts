import { onlinePhysiciansQuerySchema } from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { parseWith, requestLanguage, requireAuth } from '../../http';
import type { PhysiciansService } from './physicians.service';

export function physiciansRoutes(physicians: PhysiciansService) {
  return async (app: FastifyInstance): Promise<void> => {
    // spec 7: polled every 4 s by waiting members. `cachedAuth` lets the bearer hook answer from
    // its short session cache, so a poll touches neither the sessions nor the physicians tables.
    app.get('/api/online-physicians', { config: { cachedAuth: true } }, async (request, reply) => {
      const auth = requireAuth(request);
      const query = parseWith(onlinePhysiciansQuerySchema, request.query);
      // The body is the contract's OnlinePhysiciansResponse, serialized by the service.
      const memberId = auth.user.userType === 'member' ? auth.user.id : undefined;
      const body: string = await physicians.onlinePhysiciansBody(query, requestLanguage(request), memberId);
      return reply.type('application/json; charset=utf-8').send(body);
    });
  };
}
