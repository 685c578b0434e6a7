import { restoreAccountRequestSchema, type DeletionRequestResponse, type RestoreAccountResponse } from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { isUuid, safeString } from '@puente/domain';
import * as z from 'zod/mini';
import { AppError } from '../../errors';
import { parseWith, requireAuth } from '../../http';
import type { AccountDeletionService } from './account-deletion.service';

const memberParamsSchema = z.object({ id: safeString().check(z.minLength(1)) });

export function accountDeletionRoutes(deletion: AccountDeletionService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post('/api/member/:id/deletion-request', async (request): Promise<DeletionRequestResponse> => {
      const actor = requireAuth(request);
      const { id } = parseWith(memberParamsSchema, request.params);
      return deletion.requestDeletion(actor.user, id);
    });

    app.post('/api/member/:id/restore-account', async (request): Promise<RestoreAccountResponse> => {
      const { id } = parseWith(memberParamsSchema, request.params);
      const body = parseWith(restoreAccountRequestSchema, request.body ?? {});
      // An id that is not an id is simply not found (and never reaches a uuid column).
      if (!isUuid(id)) throw new AppError('NOT_FOUND');
      return deletion.restore({ actor: request.auth?.user ?? null, memberId: id, loginToken: body.loginToken });
    });
  };
}
