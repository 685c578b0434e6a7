import { pwdlessPhoneRequestSchema, pwdlessVerifyRequestSchema, type LogoutResponse, type PwdlessPhoneResponse, type PwdlessVerifyResponse } from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { languageFromHeader } from '../../errors';
import { parseWith, requireAuth } from '../../http';
import type { AuthService } from './auth.service';

export function authRoutes(auth: AuthService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post('/api/auth/pwdless/phone', async (request): Promise<PwdlessPhoneResponse> => {
      const body = parseWith(pwdlessPhoneRequestSchema, request.body);
      return auth.requestPhoneCode({
        phoneNumber: body.phoneNumber,
        language: body.language ?? languageFromHeader(request.headers['accept-language']),
        organisationId: body.organisationId,
        empCode: body.empCode,
        resetToken: body.resetToken,
        ip: request.ip,
      });
    });

    app.post('/api/auth/pwdless/verify', async (request): Promise<PwdlessVerifyResponse> => {
      const body = parseWith(pwdlessVerifyRequestSchema, request.body);
      return auth.verifyPhoneCode(body);
    });

    app.post('/api/auth/logout', { config: { guest: true } }, async (request): Promise<LogoutResponse> => {
      await auth.logout(requireAuth(request));
      return { ok: true };
    });
  };
}
