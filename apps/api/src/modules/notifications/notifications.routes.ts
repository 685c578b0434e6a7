import { pushPermissionsInputSchema } from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { parseWith, requireAuth } from '../../http';
import type { NotificationsService } from './notifications.service';

export function notificationsRoutes(notifications: NotificationsService) {
  return async (app: FastifyInstance): Promise<void> => {
    /** spec 7: POST notifications/push/permissions (mobileTokens, userId). */
    app.post('/api/notifications/push/permissions', async (request) => {
      const { user } = requireAuth(request);
      await notifications.registerPermissions(user, parseWith(pushPermissionsInputSchema, request.body));
      return { ok: true as const };
    });

    app.get('/api/notifications/push/public-key', async (request) => {
      requireAuth(request);
      return { publicKey: notifications.publicKey };
    });
  };
}
