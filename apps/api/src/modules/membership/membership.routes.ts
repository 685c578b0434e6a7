import type { CancelMembershipResponse, MemberLedgerResponse, SubscriptionProductsResponse } from '@puente/contracts';
import { CACHE_MS, safeString } from '@puente/domain';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { parseWith, requireAuth } from '../../http';
import type { MembershipService } from './membership.service';

const memberParamsSchema = z.object({ id: safeString().check(z.minLength(1), z.maxLength(64)) });

/** The admin console's membership endpoints (the admin 404 table test walks them with ADMIN_ROUTES). */
export const MEMBERSHIP_ADMIN_ROUTES = [['GET', '/api/admin/members/:id/entitlements']] as const;

export function membershipRoutes(membership: MembershipService) {
  return async (app: FastifyInstance): Promise<void> => {
    // spec 7 GET configs/products, cached 12 h (spec 9 "subscriptions 12 h"); public like the other configs.
    app.get('/api/configs/products', async (_request, reply): Promise<SubscriptionProductsResponse> => {
      void reply.header('cache-control', `public, max-age=${CACHE_MS.subscriptions / 1000}`);
      return { subscriptions: membership.products() };
    });

    // spec 8/9: a withdrawn invitation offers a 30-day free trial (the paywall's dependant variant).
    app.post('/api/membership/invitation-trial', async (request): Promise<CancelMembershipResponse> => {
      const auth = requireAuth(request);
      return { subscription: await membership.startInvitationTrial(auth.user) };
    });

    app.get('/api/admin/members/:id/entitlements', async (request): Promise<MemberLedgerResponse> => {
      const auth = requireAuth(request);
      const { id } = parseWith(memberParamsSchema, request.params);
      return membership.ledgerFor(auth.user, id);
    });
  };
}
