import { changeLanguageParamsSchema, verifyEmailRequestSchema, type ChangeLanguageResponse, type VerifyEmailResponse, type ZipCodeLookupResponse } from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { safeString } from '@puente/domain';
import * as z from 'zod/mini';
import { parseWith, requireAuth } from '../../http';
import type { ProfileService } from './profile.service';

const zipParamsSchema = z.object({ zip: safeString().check(z.trim(), z.regex(/^\d{5}$/, { message: 'mandatory_form_zipcode_error' })) });

export function profileRoutes(profile: ProfileService) {
  return async (app: FastifyInstance): Promise<void> => {
    // spec 7: POST users/{id}/language/{lang}.
    app.post('/api/users/:id/language/:lang', async (request): Promise<ChangeLanguageResponse> => {
      const actor = requireAuth(request);
      const { id, lang } = parseWith(changeLanguageParamsSchema, request.params);
      return profile.changeLanguage(actor.user, id, lang);
    });

    // spec 5: a five-digit US zip fills state and city. Members only (it is part of the onboarding form).
    app.get('/api/zip-codes/:zip', async (request): Promise<ZipCodeLookupResponse> => {
      requireAuth(request);
      const { zip } = parseWith(zipParamsSchema, request.params);
      // The zip is where the member lives: no-store like every /api answer (security-headers.ts).
      return profile.lookupZipCode(zip);
    });

    // The verified-email screen sends the code from the link; no session needed (the link may be opened anywhere).
    app.post('/api/email-verification/verify', async (request): Promise<VerifyEmailResponse> => {
      const { code } = parseWith(verifyEmailRequestSchema, request.body);
      return profile.verifyEmail(code);
    });
  };
}
