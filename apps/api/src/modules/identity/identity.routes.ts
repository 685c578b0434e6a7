import {
  identityAuthorizeRequestSchema,
  identityVerifyRequestSchema,
  type IdentityAuthorizeResponse,
  type IdentityProvidersResponse,
  type IdentityVerifyResponse,
} from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { safeString } from '@puente/domain';
import * as z from 'zod/mini';
import { languageFromHeader } from '../../errors';
import { parseWith } from '../../http';
import type { IdentityService } from './identity.service';

const providersQuerySchema = z.object({ orgId: z.optional(safeString().check(z.minLength(1))), empCode: z.optional(safeString().check(z.minLength(1))) });

export function identityRoutes(identity: IdentityService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/auth/identity-providers', async (request): Promise<IdentityProvidersResponse> =>
      identity.listProviders({ ...parseWith(providersQuerySchema, request.query), ip: request.ip }),
    );

    app.post('/api/auth/oidc/authorize', async (request): Promise<IdentityAuthorizeResponse> => {
      const body = parseWith(identityAuthorizeRequestSchema, request.body);
      return identity.authorize({ provider: body.provider, purpose: body.purpose, lang: body.lang ?? languageFromHeader(request.headers['accept-language']) });
    });

    app.post('/api/auth/auth0/verify', async (request): Promise<IdentityVerifyResponse> => identity.verify(parseWith(identityVerifyRequestSchema, request.body)));
  };
}
