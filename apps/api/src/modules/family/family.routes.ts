import type { DependantRemovalDto, DependantsResponse, InvitationTokenResponse } from '@puente/contracts';
import { safeString } from '@puente/domain';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { parseWith, requireAuth } from '../../http';
import type { FamilyService } from './family.service';

const memberParams = z.object({ id: safeString().check(z.minLength(1), z.maxLength(100)) });
const dependantParams = z.extend(memberParams, { dependantId: safeString().check(z.minLength(1), z.maxLength(100)) });

/** Family plans over REST (spec 7 member invitation-link and invitation-token; the list for the web app). */
export function familyRoutes(family: FamilyService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/member/invitation-token', async (request): Promise<InvitationTokenResponse> => family.invitationToken(request.query));

    app.post('/api/member/invitation-link', async (request): Promise<{ sent: true }> => {
      const { user } = requireAuth(request);
      return family.resendInvitation(user, request.body);
    });

    app.get('/api/member/:id/dependants', async (request): Promise<DependantsResponse> => {
      const { user } = requireAuth(request);
      return family.getDependants(user, parseWith(memberParams, request.params).id);
    });

    app.post('/api/member/:id/dependants', async (request): Promise<DependantsResponse> => {
      const { user } = requireAuth(request);
      return family.addDependants(user, parseWith(memberParams, request.params).id, request.body);
    });

    app.delete('/api/member/:id/dependants/:dependantId', async (request): Promise<DependantRemovalDto> => {
      const { user } = requireAuth(request);
      const { id, dependantId } = parseWith(dependantParams, request.params);
      return family.deleteDependant(user, id, dependantId);
    });

    app.delete('/api/member/:id/dependants', async (request): Promise<DependantRemovalDto> => {
      const { user } = requireAuth(request);
      return family.deleteAllDependants(user, parseWith(memberParams, request.params).id);
    });
  };
}
