import type { MemberCareView, MemberReadResponse, RecoveryCodeResponse } from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { healthProfileEditSchema, safeString } from '@puente/domain';
import * as z from 'zod/mini';
import { parseWith, requireAuth } from '../../http';
import type { MembersService } from './members.service';

const memberParamsSchema = z.object({ id: safeString().check(z.minLength(1)) });

export function membersRoutes(members: MembersService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/members/:id', async (request): Promise<MemberReadResponse> => {
      const actor = requireAuth(request);
      const { id } = parseWith(memberParamsSchema, request.params);
      return members.getMemberFor(actor.user, id);
    });

    // issue 11: the member's clinician corrects her health profile (audited).
    app.patch('/api/members/:id/health-profile', async (request): Promise<MemberCareView> => {
      const actor = requireAuth(request);
      const { id } = parseWith(memberParamsSchema, request.params);
      return members.updateHealthProfileForCare(actor.user, id, parseWith(healthProfileEditSchema, request.body ?? {}));
    });

    app.get('/api/members/:id/recovery-code', async (request): Promise<RecoveryCodeResponse> => {
      const actor = requireAuth(request);
      const { id } = parseWith(memberParamsSchema, request.params);
      return members.takeRecoveryCode(actor.user, id);
    });
  };
}
