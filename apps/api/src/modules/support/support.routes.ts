import { type SupportRequestDto } from '@puente/contracts';
import { safeString } from '@puente/domain';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { parseWith, requireAuth } from '../../http';
import type { SupportService } from './support.service';

const idParams = z.object({ id: safeString().check(z.minLength(1)) });

/** The admin console's support inbox endpoints (the admin 404 table test walks them with ADMIN_ROUTES). */
export const SUPPORT_ADMIN_ROUTES = [
  ['GET', '/api/admin/support/requests'],
  ['PATCH', '/api/admin/support/requests/:id'],
] as const;

export function supportRoutes(support: SupportService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/admin/support/requests', async (request): Promise<{ requests: SupportRequestDto[] }> => {
      const { user } = requireAuth(request);
      return { requests: await support.inbox(user) };
    });

    app.patch('/api/admin/support/requests/:id', async (request): Promise<SupportRequestDto> => {
      const { user } = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      return support.setStatus(user, id, request.body);
    });
  };
}
