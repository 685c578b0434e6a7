import type { MemberReadResponse, RecoveryCodeResponse } from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { safeString } from '@puente/domain';
import { z } from 'zod';
import { parseWith, requireAuth } from '../../http';
import type { MembersService } from './members.service';

const memberParamsSchema = z.object({ id: safeString().min(1) });

export function membersRoutes(members: MembersService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/members/:id', async (request): Promise<MemberReadResponse> => {
      const actor = requireAuth(request);
      const { id } = parseWith(memberParamsSchema, request.params);
      return members.getMemberFor(actor.user, id);
    });

    app.get('/api/members/:id/recovery-code', async (request): Promise<RecoveryCodeResponse> => {
      const actor = requireAuth(request);
      const { id } = parseWith(memberParamsSchema, request.params);
      return members.takeRecoveryCode(actor.user, id);
    });
  };
}
