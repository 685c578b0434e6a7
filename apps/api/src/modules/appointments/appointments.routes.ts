import {
  connectionStrengthParamsSchema,
  isBusyQuerySchema,
  joinMethodParamsSchema,
  type ClinicianConsultationsResponse,
  type IsBusyResponse,
} from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { safeString } from '@puente/domain';
import * as z from 'zod/mini';
import { parseWith, requestLanguage, requireAuth } from '../../http';
import type { AppointmentsService } from './appointments.service';

const idParams = z.object({ id: safeString().check(z.minLength(1)) });

/** The admin console's appointment endpoints (the admin 404 table test walks them with ADMIN_ROUTES). */
export const APPOINTMENT_ADMIN_ROUTES = [['GET', '/api/admin/appointments/live']] as const;

export function appointmentsRoutes(appointments: AppointmentsService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/physicians/:id/isbusy', async (request): Promise<IsBusyResponse> => {
      requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      const { appointmentId } = parseWith(isBusyQuerySchema, request.query);
      return { isBusy: await appointments.isBusy(id, appointmentId) };
    });

    app.patch('/api/appointments/:id/join-method/:method', { config: { guest: true } }, async (request) => {
      const { user } = requireAuth(request);
      const { id, method } = parseWith(joinMethodParamsSchema, request.params);
      await appointments.setJoinMethod(user, id, method);
      return { ok: true as const };
    });

    app.patch('/api/appointments/:id/connection-strength/:value', { config: { guest: true } }, async (request) => {
      const { user } = requireAuth(request);
      const { id, value } = parseWith(connectionStrengthParamsSchema, request.params);
      await appointments.setConnectionStrength(user, id, value);
      return { ok: true as const };
    });

    app.get('/api/appointments/:id/exit-redirect-url', { config: { guest: true } }, async (request) => {
      const { user } = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      return { url: await appointments.exitRedirectUrl(user, id) };
    });

    // issue 11: the clinician's own active and recent consultations (her dashboard's list).
    app.get('/api/physicians/:id/consultations', async (request): Promise<ClinicianConsultationsResponse> => {
      const { user } = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      return appointments.forClinician(user, id);
    });

    app.get('/api/admin/appointments/live', async (request) => {
      const { user } = requireAuth(request);
      return { appointments: await appointments.liveQueue(user, requestLanguage(request)) };
    });
  };
}
