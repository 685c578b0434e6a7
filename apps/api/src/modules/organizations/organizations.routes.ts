import { rosterUploadQuerySchema, type AdminOrganizationDto, type AdminOrganizationPage, type AdminTopicTemplates, type EmployerCodeOrganizations, type MemberDto, type OrganizationDto, type RosterReportDto, type ThemeConfigDto } from '@puente/contracts';
import { ROSTER_LIMITS, safeString } from '@puente/domain';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { AppError } from '../../errors';
import { parseWith, requireAuth } from '../../http';
import type { OrganizationsService } from './organizations.service';

const codeParams = z.object({ code: safeString().check(z.maxLength(100)) });
const userCodeParams = z.object({ id: safeString().check(z.minLength(1)), code: safeString().check(z.maxLength(100)) });
const userOrgParams = z.object({ id: safeString().check(z.minLength(1)), orgId: safeString().check(z.minLength(1)) });
const idParams = z.object({ id: safeString().check(z.minLength(1)) });

/** The admin console's organization endpoints (the admin 404 table test walks them with ADMIN_ROUTES). */
export const ORGANIZATION_ADMIN_ROUTES = [
  ['GET', '/api/admin/organizations'],
  ['POST', '/api/admin/organizations'],
  ['GET', '/api/admin/organizations/:id'],
  ['PATCH', '/api/admin/organizations/:id'],
  ['POST', '/api/admin/organizations/:id/roster'],
  ['GET', '/api/admin/topic-templates'],
] as const;

export function organizationsRoutes(organizations: OrganizationsService) {
  return async (app: FastifyInstance): Promise<void> => {
    // A roster arrives as the CSV itself (this plugin only).
    app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: ROSTER_LIMITS.maxBytes }, (_req, body, done) => done(null, body));

    app.get('/api/employer-code/:code/organizations', async (request): Promise<EmployerCodeOrganizations> => {
      const { code } = parseWith(codeParams, request.params);
      return organizations.lookupCode(code, request.ip);
    });

    app.patch('/api/users/:id/employer-code/:code', async (request): Promise<MemberDto> => {
      const { user } = requireAuth(request);
      const { id, code } = parseWith(userCodeParams, request.params);
      return organizations.associateByCode(user, id, code);
    });

    app.patch('/api/users/:id/organizations/:orgId', async (request): Promise<MemberDto> => {
      const { user } = requireAuth(request);
      const { id, orgId } = parseWith(userOrgParams, request.params);
      return organizations.associateById(user, id, orgId);
    });

    app.patch('/api/users/:id/organization-site', async (request): Promise<OrganizationDto> => {
      const { user } = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      return organizations.changeSite(user, id, request.body);
    });

    app.get('/api/organizations/:id/theme-config', async (request): Promise<ThemeConfigDto> => {
      const { id } = parseWith(idParams, request.params);
      return organizations.themeConfig(id);
    });

    app.get('/api/admin/organizations', async (request): Promise<AdminOrganizationPage> => organizations.admin.list(requireAuth(request).user, request.query));
    app.post('/api/admin/organizations', async (request, reply): Promise<AdminOrganizationDto> => {
      const created = await organizations.admin.create(requireAuth(request).user, request.body);
      reply.status(201);
      return created;
    });
    app.get<{ Params: { id?: string } }>('/api/admin/organizations/:id', async (request): Promise<AdminOrganizationDto> => organizations.admin.get(requireAuth(request).user, request.params.id ?? ''));
    app.patch<{ Params: { id?: string } }>('/api/admin/organizations/:id', async (request): Promise<AdminOrganizationDto> =>
      organizations.admin.update(requireAuth(request).user, request.params.id ?? '', request.body),
    );
    app.get('/api/admin/topic-templates', async (request): Promise<AdminTopicTemplates> => organizations.admin.topicTemplates(requireAuth(request).user));

    app.post('/api/admin/organizations/:id/roster', async (request): Promise<RosterReportDto> => {
      const { user } = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      // Not an admin: NOT_FOUND before the file is even read.
      if (user.userType !== 'admin') throw new AppError('NOT_FOUND');
      const { mode } = parseWith(rosterUploadQuerySchema, request.query);
      if (typeof request.body !== 'string') throw new AppError('INVALID_DATA', { fields: { file: 'roster_file_invalid' } });
      return organizations.uploadRoster(user, id, mode, request.body);
    });
  };
}
