import { addPhoneRequestSchema, pwdlessResetRequestSchema, type PhoneTakenResponse, type PwdlessResetResponse, type SendRecoveryCodeResponse } from '@puente/contracts';
import { fullPhoneNumberSchema, safeString } from '@puente/domain';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { parseWith, requireAuth } from '../../http';
import type { RecoveryService } from './recovery.service';

const phoneParamsSchema = z.object({ phone: fullPhoneNumberSchema });
const phoneTakenQuerySchema = z.object({ resetToken: z.optional(safeString().check(z.minLength(1))) });

export function recoveryRoutes(recovery: RecoveryService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post('/api/auth/pwdless/reset', async (request): Promise<PwdlessResetResponse> => {
      const body = parseWith(pwdlessResetRequestSchema, request.body);
      return recovery.reset({ ...body, ip: request.ip });
    });

    app.post('/api/auth/send-recovery-code/:phone', async (request): Promise<SendRecoveryCodeResponse> => {
      const { phone } = parseWith(phoneParamsSchema, request.params);
      return recovery.sendRecoveryCode({ phoneNumber: phone, ip: request.ip, actor: request.auth?.user ?? null });
    });

    app.post('/api/user/phone/reset', async (request): Promise<PwdlessResetResponse> => {
      const { user } = requireAuth(request);
      const body = parseWith(addPhoneRequestSchema, request.body);
      return recovery.openAddPhone({ actor: user, phoneNumber: body.phoneNumber, ip: request.ip });
    });

    app.get('/api/user/phone-taken/:phone', async (request): Promise<PhoneTakenResponse> => {
      const { phone } = parseWith(phoneParamsSchema, request.params);
      const { resetToken } = parseWith(phoneTakenQuerySchema, request.query);
      return recovery.phoneTaken({ phoneNumber: phone, actor: request.auth?.user ?? null, resetToken, ip: request.ip });
    });
  };
}
