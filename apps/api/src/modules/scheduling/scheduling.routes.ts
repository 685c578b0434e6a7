import {
  calendarExceptionInputSchema,
  cancelScheduledQuerySchema,
  putCalendarInputSchema,
  scheduledChangeRequestSchema,
  type ScheduledChangeResponse,
  slotsQuerySchema,
  type AdminCoachesResponse,
  type CalendarDto,
  type JoinScheduledResponse,
  type SlotsResponse,
} from '@puente/contracts';
import { CALENDAR, safeFormat } from '@puente/domain';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { parseWith, requestLanguage, requireAuth } from '../../http';
import type { SchedulingService } from './scheduling.service';

const idParams = z.object({ id: safeFormat(z.uuid({ message: 'invalid_id' })) });
const exceptionParams = z.object({ id: safeFormat(z.uuid({ message: 'invalid_id' })), exceptionId: safeFormat(z.uuid({ message: 'invalid_id' })) });

/** Scheduling's REST calls (issue 13). */
/** The admin console's calendar and job-queue endpoints (the admin 404 table test walks them with ADMIN_ROUTES). */
export const SCHEDULING_ADMIN_ROUTES = [
  ['GET', '/api/admin/coaches'],
  ['GET', '/api/admin/physicians/:id/calendar'],
  ['PUT', '/api/admin/physicians/:id/calendar'],
  ['POST', '/api/admin/physicians/:id/calendar/exceptions'],
  ['DELETE', '/api/admin/physicians/:id/calendar/exceptions/:exceptionId'],
  ['GET', '/api/admin/job-queue/dead'],
] as const;

export function schedulingRoutes(scheduling: SchedulingService) {
  return async (app: FastifyInstance): Promise<void> => {
    // spec 7: POST scheduled-appointments/{id}/cancel?cancel_reason= (session, or the texted link's token).
    app.post('/api/scheduled-appointments/:id/cancel', async (request) => {
      const { id } = parseWith(idParams, request.params);
      const query = parseWith(cancelScheduledQuerySchema, request.query);
      return scheduling.cancel(request.auth?.user ?? null, id, query.cancel_reason, query.token);
    });

    app.get('/api/scheduled-appointments/mine', async (request) => {
      const auth = requireAuth(request);
      return { scheduledAppointments: await scheduling.mine(auth.user, requestLanguage(request)) };
    });

    app.get('/api/scheduled-appointments/:id', async (request) => {
      const auth = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      return scheduling.get(auth.user, id, requestLanguage(request));
    });

    app.post('/api/scheduled-appointments/:id/join', async (request): Promise<JoinScheduledResponse> => {
      const auth = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      return scheduling.join(auth.user, id);
    });

    // spec 4: a US-physician coach's booking is cancelled or moved through a support message.
    app.post('/api/scheduled-appointments/:id/support-request', async (request): Promise<ScheduledChangeResponse> => {
      const auth = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      return scheduling.requestChangeViaSupport(auth.user, id, parseWith(scheduledChangeRequestSchema, request.body).action);
    });

    app.get('/api/physicians/:id/slots', async (request): Promise<SlotsResponse> => {
      const auth = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      const q = parseWith(slotsQuerySchema, request.query);
      return scheduling.slots(id, q.from, q.to, q.timeZone ?? auth.user.timeZone ?? CALENDAR.fallbackTimeZone);
    });

    app.get('/api/physicians/:id/calendar', async (request): Promise<CalendarDto> => {
      const auth = requireAuth(request);
      return scheduling.calendar(auth.user, parseWith(idParams, request.params).id);
    });

    app.put('/api/physicians/:id/calendar', async (request): Promise<CalendarDto> => {
      const auth = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      return scheduling.putCalendar(auth.user, id, parseWith(putCalendarInputSchema, request.body));
    });

    app.post('/api/physicians/:id/calendar/exceptions', async (request): Promise<CalendarDto> => {
      const auth = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      return scheduling.addException(auth.user, id, parseWith(calendarExceptionInputSchema, request.body));
    });

    app.delete('/api/physicians/:id/calendar/exceptions/:exceptionId', async (request): Promise<CalendarDto> => {
      const auth = requireAuth(request);
      const { id, exceptionId } = parseWith(exceptionParams, request.params);
      return scheduling.removeException(auth.user, id, exceptionId);
    });

    app.get('/api/physicians/:id/scheduled-appointments', async (request) => {
      const auth = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      return { scheduledAppointments: await scheduling.forCoach(auth.user, id, requestLanguage(request)) };
    });

    // The admin's calendar editor (admins only, audited).
    app.get('/api/admin/coaches', async (request): Promise<AdminCoachesResponse> => {
      const auth = requireAuth(request);
      return { coaches: await scheduling.adminCoaches(auth.user) };
    });

    app.get('/api/admin/physicians/:id/calendar', async (request): Promise<CalendarDto> => {
      const auth = requireAuth(request);
      return scheduling.adminCalendar(auth.user, parseWith(idParams, request.params).id);
    });

    app.put('/api/admin/physicians/:id/calendar', async (request): Promise<CalendarDto> => {
      const auth = requireAuth(request);
      scheduling.asAdmin(auth.user);
      const { id } = parseWith(idParams, request.params);
      return scheduling.adminPutCalendar(auth.user, id, parseWith(putCalendarInputSchema, request.body));
    });

    app.post('/api/admin/physicians/:id/calendar/exceptions', async (request): Promise<CalendarDto> => {
      const auth = requireAuth(request);
      scheduling.asAdmin(auth.user);
      const { id } = parseWith(idParams, request.params);
      return scheduling.adminAddException(auth.user, id, parseWith(calendarExceptionInputSchema, request.body));
    });

    app.delete('/api/admin/physicians/:id/calendar/exceptions/:exceptionId', async (request): Promise<CalendarDto> => {
      const auth = requireAuth(request);
      const { id, exceptionId } = parseWith(exceptionParams, request.params);
      return scheduling.adminRemoveException(auth.user, id, exceptionId);
    });

    // The dead-letter list of the job queue (admin).
    app.get('/api/admin/job-queue/dead', async (request) => {
      const auth = requireAuth(request);
      const jobs = await scheduling.deadLetters(auth.user);
      return { jobs: jobs.map((j) => ({ ...j, runAt: j.runAt.toISOString(), updatedAt: j.updatedAt.toISOString() })) };
    });
  };
}
