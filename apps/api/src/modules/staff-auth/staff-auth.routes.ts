import {
  staffEmailStartRequestSchema,
  staffEmailVerifyRequestSchema,
  staffIdentityVerifyRequestSchema,
  staffTotpEnrolmentRequestSchema,
  staffTotpVerifyRequestSchema,
  type StaffEmailStartResponse,
  type StaffMfaStep,
  type StaffTotpEnrolmentResponse,
  type StaffTotpVerifyResponse,
} from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../http';
import type { StaffAuthService } from './staff-auth.service';

export function staffAuthRoutes(staff: StaffAuthService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post('/api/staff/auth/email', async (request): Promise<StaffEmailStartResponse> => {
      const body = parseWith(staffEmailStartRequestSchema, request.body);
      return staff.startEmail({ email: body.email, ip: request.ip });
    });
    app.post('/api/staff/auth/email/verify', async (request): Promise<StaffMfaStep> => staff.verifyEmail(parseWith(staffEmailVerifyRequestSchema, request.body)));
    app.post('/api/staff/auth/idp/verify', async (request): Promise<StaffMfaStep> => staff.verifyIdentity(parseWith(staffIdentityVerifyRequestSchema, request.body)));
    app.post('/api/staff/auth/totp/enrolment', async (request): Promise<StaffTotpEnrolmentResponse> => staff.enrol(parseWith(staffTotpEnrolmentRequestSchema, request.body)));
    app.post('/api/staff/auth/totp/verify', async (request): Promise<StaffTotpVerifyResponse> => staff.verifyTotp(parseWith(staffTotpVerifyRequestSchema, request.body)));
  };
}
