import type { AdminMemberPage, AuditPage, ResetAuthenticatorResult, StaffMemberDto, StaffPage, UsageReport } from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../http';
import type { AdminService } from './admin.service';

type IdParams = { id?: string };

/** Every admin console endpoint (issue 15); the list is what the 404 table test walks. */
export const ADMIN_ROUTES = [
  ['GET', '/api/admin/staff'],
  ['POST', '/api/admin/staff'],
  ['GET', '/api/admin/staff/:id'],
  ['PATCH', '/api/admin/staff/:id'],
  ['POST', '/api/admin/staff/:id/reset-authenticator'],
  ['GET', '/api/admin/members'],
  ['GET', '/api/admin/members/:id/audit'],
  ['GET', '/api/admin/usage'],
] as const;

export function adminRoutes(admin: AdminService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/admin/staff', async (request): Promise<StaffPage> => admin.listStaff(requireAuth(request).user, request.query));
    app.post('/api/admin/staff', async (request, reply): Promise<StaffMemberDto> => {
      const created = await admin.createStaff(requireAuth(request).user, request.body);
      reply.status(201);
      return created;
    });
    app.get<{ Params: IdParams }>('/api/admin/staff/:id', async (request): Promise<StaffMemberDto> => admin.getStaff(requireAuth(request).user, request.params.id ?? ''));
    app.patch<{ Params: IdParams }>('/api/admin/staff/:id', async (request): Promise<StaffMemberDto> => admin.updateStaff(requireAuth(request).user, request.params.id ?? '', request.body));
    app.post<{ Params: IdParams }>('/api/admin/staff/:id/reset-authenticator', async (request): Promise<ResetAuthenticatorResult> =>
      admin.resetAuthenticator(requireAuth(request).user, request.params.id ?? ''),
    );
    app.get('/api/admin/members', async (request): Promise<AdminMemberPage> => admin.findMembers(requireAuth(request).user, request.query));
    app.get<{ Params: IdParams }>('/api/admin/members/:id/audit', async (request): Promise<AuditPage> => admin.memberAudit(requireAuth(request).user, request.params.id ?? '', request.query));
    app.get('/api/admin/usage', async (request): Promise<UsageReport> => admin.usage(requireAuth(request).user, request.query));
  };
}
