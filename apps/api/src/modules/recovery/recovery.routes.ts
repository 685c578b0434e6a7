import { pwdlessResetRequestSchema, type PhoneTakenResponse, type PwdlessResetResponse, type SendRecoveryCodeResponse } from '@puente/contracts';
import { fullPhoneNumberSchema, safeString } from '@puente/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseWith } from '../../http';
import type { RecoveryService } from './recovery.service';

const phoneParamsSchema = z.object({ phone: fullPhoneNumberSchema });
const phoneTakenQuerySchema = z.object({ resetToken: safeString().min(1).optional() });

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

    app.get('/api/user/phone-taken/:phone', async (request): Promise<PhoneTakenResponse> => {
      const { phone } = parseWith(phoneParamsSchema, request.params);
      const { resetToken } = parseWith(phoneTakenQuerySchema, request.query);
      return recovery.phoneTaken({ phoneNumber: phone, actor: request.auth?.user ?? null, resetToken, ip: request.ip });
    });
  };
}
