import { adminCoachesResponseSchema, APPOINTMENT_GQL, CALL_PATHS, guestLinkSessionSchema, apiErrorSchema, memberScheduledAppointmentsSchema, scheduledChangeResponseSchema, calendarSchema, coachScheduledResponseSchema, outboxResponseSchema, PHYSICIAN_GQL, physicianWithSlotsSchema, scheduledAppointmentSchema, SCHEDULING_GQL, slotsResponseSchema } from '@puente/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, organizations, scheduledAppointments } from '../../db/schema';
import { createControlledClock } from '../../lib/clock';
import { SchedulingRepository } from './scheduling.repository';
import { createOrganization, createPhysician, createSessionFor, graphql, insertConsultation, memberWithSession, openSocket, readGuestLink, request, startTestServer, type Participant, type TestServer } from '../../test';

// Monday 23 November 2026, 08:00 in Mexico City (UTC-6, no DST).
const MONDAY_08 = new Date('2026-11-23T14:00:00Z');
const MX = 'America/Mexico_City';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ clock: createControlledClock(MONDAY_08) });
});
afterAll(async () => {
  await t.close();
});

const outbox = async (to: string) => outboxResponseSchema.parse((await request(t.url, `/api/dev/outbox?to=${encodeURIComponent(to)}`)).body).messages;
const errorCode = (body: unknown) => apiErrorSchema.parse(body).error.code;
const gqlCode = (res: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) => res.body.errors?.[0]?.extensions?.code;

const book = (token: string, physicianId: string, startDate: string, timezone = MX) =>
  graphql<{ scheduleAppointment: unknown }>(t.url, SCHEDULING_GQL.scheduleAppointment, { input: { physicianId, language: 'es', startDate, timezone, topic: { topicId: 'mh', topicText: 'Ansiedad' } } }, token);

async function coachWithHours(starts = '09:00', ends = '12:00') {
  const coach = await createPhysician(t.server, { hours: { starts, ends, slotMinutes: 45 }, isAvailable: false });
  const { sessionToken } = await createSessionFor(t.server, coach.id);
  return { coach, token: sessionToken };
}

describe('calendars and slots (spec 9)', () => {
  let member: Participant;
  beforeAll(async () => {
    member = await memberWithSession(t.server, { email: 'ana@example.com', firstName: 'Ana' });
  });

  it('slots come from hours minus bookings minus time off, in the member zone, 45 minutes long', async () => {
    const { coach, token } = await coachWithHours();
    const slots = async (zone = MX) => {
      const res = await request(t.url, `/api/physicians/${coach.id}/slots?from=2026-11-24&to=2026-11-24&timeZone=${encodeURIComponent(zone)}`, { token: member.token });
      expect(res.status).toBe(200);
      return slotsResponseSchema.parse(res.body);
    };
    expect((await slots()).slots['2026-11-24']).toEqual(['2026-11-24T15:00:00.000Z', '2026-11-24T15:45:00.000Z', '2026-11-24T16:30:00.000Z', '2026-11-24T17:15:00.000Z']);
    // A member in Madrid sees the same instants on her own day; the coach's zone is given too.
    expect(await slots('Europe/Madrid')).toMatchObject({ timeZone: 'Europe/Madrid', physicianTimeZone: MX });

    // The coach takes time off 10:30-11:15 local.
    const off = await request(t.url, `/api/physicians/${coach.id}/calendar/exceptions`, { method: 'POST', token, body: { kind: 'time-off', startsAt: '2026-11-24T16:30:00Z', endsAt: '2026-11-24T17:15:00Z' } });
    expect(off.status).toBe(200);
    const exception = calendarSchema.parse(off.body).exceptions[0]!;
    const booked = await book(member.token, coach.id, '2026-11-24T15:00:00.000Z');
    expect(booked.body.errors).toBeUndefined();
    expect((await slots()).slots['2026-11-24']).toEqual(['2026-11-24T15:45:00.000Z', '2026-11-24T17:15:00.000Z']);
    // getPhysicians(...).availableSlots(date) subtracts them too.
    const one = await graphql<{ getPhysician: unknown }>(t.url, PHYSICIAN_GQL.getPhysicianWithSlots, { id: coach.id, date: '2026-11-24' }, member.token);
    expect(physicianWithSlotsSchema.parse(one.body.data?.getPhysician).availableSlots).toEqual(['2026-11-24T15:45:00.000Z', '2026-11-24T17:15:00.000Z']);
    const removed = await request(t.url, `/api/physicians/${coach.id}/calendar/exceptions/${exception.id}`, { method: 'DELETE', token });
    expect(calendarSchema.parse(removed.body).exceptions).toEqual([]);
  });

  it('the coach edits her weekly hours and zone; an admin may too; members and other coaches may not', async () => {
    const { coach, token } = await coachWithHours();
    const other = await coachWithHours();
    const admin = await memberWithSession(t.server, { userType: 'admin' });
    const body = { timeZone: 'America/Los_Angeles', slotMinutes: 45, hours: [{ weekday: 2, starts: '09:00', ends: '09:45' }] };
    const put = await request(t.url, `/api/physicians/${coach.id}/calendar`, { method: 'PUT', token, body });
    expect(put.status).toBe(200);
    expect(calendarSchema.parse(put.body)).toMatchObject({ timeZone: 'America/Los_Angeles', weekdays: [1, 2, 3, 4, 5], hours: [{ weekday: 2, starts: '09:00', ends: '09:45' }] });
    const slots = await request(t.url, `/api/physicians/${coach.id}/slots?from=2026-11-23&to=2026-11-27&timeZone=${MX}`, { token: member.token });
    // Tuesday 09:00 in Los Angeles (UTC-8) is 17:00 UTC, 11:00 in Mexico City.
    expect(slotsResponseSchema.parse(slots.body).slots).toEqual({ '2026-11-24': ['2026-11-24T17:00:00.000Z'] });

    const byAdmin = await request(t.url, `/api/physicians/${coach.id}/calendar`, { method: 'PUT', token: admin.token, body: { ...body, weekdays: [6], hours: [{ weekday: 6, starts: '10:00', ends: '10:45' }] } });
    expect(calendarSchema.parse(byAdmin.body).weekdays).toEqual([6]);

    expect((await request(t.url, `/api/physicians/${coach.id}/calendar`, { method: 'PUT', body })).status).toBe(401);
    expect(errorCode((await request(t.url, `/api/physicians/${coach.id}/calendar`, { method: 'PUT', token: other.token, body })).body)).toBe('FORBIDDEN');
    expect(errorCode((await request(t.url, `/api/physicians/${coach.id}/calendar`, { token: member.token })).body)).toBe('NOT_FOUND');
    const bad = await request(t.url, `/api/physicians/${coach.id}/calendar`, { method: 'PUT', token, body: { timeZone: 'Mars/Base', hours: [{ weekday: 9, starts: '9', ends: '08:00' }] } });
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.body).error).toMatchObject({ code: 'INVALID_DATA' });
    // Two rows of one day that overlap are refused, on the later row; the calendar is unchanged.
    const overlap = await request(t.url, `/api/physicians/${coach.id}/calendar`, { method: 'PUT', token, body: { timeZone: MX, hours: [{ weekday: 1, starts: '09:00', ends: '12:00' }, { weekday: 1, starts: '11:00', ends: '13:00' }] } });
    expect(overlap.status).toBe(400);
    expect(apiErrorSchema.parse(overlap.body).error).toMatchObject({ code: 'INVALID_DATA', fields: { 'hours.1.ends': 'overlapping_hours' } });
    expect(calendarSchema.parse((await request(t.url, `/api/physicians/${coach.id}/calendar`, { token })).body).hours).toEqual([{ weekday: 6, starts: '10:00', ends: '10:45' }]);
  });

  it('US doctors have no calendar (spec 6)', async () => {
    const doctor = await createPhysician(t.server, { userType: 'us-physician', hours: { starts: '09:00', ends: '12:00' } });
    const res = await request(t.url, `/api/physicians/${doctor.id}/slots?from=2026-11-24&to=2026-11-24`, { token: member.token });
    expect(slotsResponseSchema.parse(res.body).slots).toEqual({});
    expect(gqlCode(await book(member.token, doctor.id, '2026-11-24T15:00:00.000Z'))).toBe('NOT_FOUND');
  });
});

describe('booking, rescheduling, cancelling (spec 7/8)', () => {
  it('two members booking the same slot at once: exactly one wins (database constraint)', async () => {
    const { coach } = await coachWithHours();
    const members = await Promise.all([1, 2, 3, 4].map(() => memberWithSession(t.server)));
    const results = await Promise.all(members.map((m) => book(m.token, coach.id, '2026-11-25T15:00:00.000Z')));
    const wins = results.filter((r) => !r.body.errors);
    expect(wins).toHaveLength(1);
    expect(results.filter((r) => gqlCode(r) === 'NO_SLOTS_AVAILABLE')).toHaveLength(3);
  });

  it('the database itself refuses a second live booking of one coach and start (unique 23505), without the service’s lock', async () => {
    const { coach } = await coachWithHours();
    const [ana, bea, eva] = await Promise.all([1, 2, 3].map(() => memberWithSession(t.server)));
    const repository = new SchedulingRepository(t.server.database.db);
    const start = new Date('2026-11-25T16:30:00.000Z');
    const row = (memberId: string) => ({
      tinyId: memberId.slice(0, 8).toUpperCase(),
      physicianId: coach.id,
      memberId,
      createdBy: memberId,
      createdByRole: 'member' as const,
      startDate: start,
      endDate: new Date(start.getTime() + 45 * 60_000),
      language: 'es' as const,
      timezone: MX,
      topic: null,
      createdAt: MONDAY_08,
      updatedAt: MONDAY_08,
    });
    const sqlState = (err: unknown): unknown => {
      for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) if ((e as { code?: unknown }).code) return (e as { code: unknown }).code;
      return undefined;
    };
    const first = await repository.transaction((tx) => repository.insert(tx, row(ana!.user.id)));
    const second = await repository.transaction((tx) => repository.insert(tx, row(bea!.user.id))).then(
      () => 'inserted',
      (err: unknown) => sqlState(err),
    );
    expect(second).toBe('23505');
    // The index is partial: once the first is cancelled the slot can be booked again.
    await repository.update(first.id, { state: 'scheduled-canceled', cancelReason: 'CANCELED_BY_SOCIO' });
    expect((await repository.transaction((tx) => repository.insert(tx, row(eva!.user.id)))).state).toBe('scheduled');

    // Through the service with its free-slot check blinded (no bookings seen): the constraint
    // still refuses the slot, and the service answers NO_SLOTS_AVAILABLE, not a 500.
    const blind = vi.spyOn(SchedulingRepository.prototype, 'bookings').mockResolvedValue([]);
    try {
      expect(gqlCode(await book(bea!.token, coach.id, start.toISOString()))).toBe('NO_SLOTS_AVAILABLE');
    } finally {
      blind.mockRestore();
    }
  });

  it('refuses a slot outside the hours, a bad input and no session', async () => {
    const { coach } = await coachWithHours();
    const member = await memberWithSession(t.server);
    expect(gqlCode(await book(member.token, coach.id, '2026-11-24T15:10:00.000Z'))).toBe('NO_SLOTS_AVAILABLE');
    expect(gqlCode(await book(member.token, coach.id, '2026-11-28T15:00:00.000Z'))).toBe('NO_SLOTS_AVAILABLE'); // Saturday
    expect(gqlCode(await book(member.token, coach.id, '2027-03-01T15:00:00.000Z'))).toBe('NO_SLOTS_AVAILABLE'); // > 3 months
    expect(gqlCode(await book(member.token, coach.id, 'tomorrow'))).toBe('INVALID_DATA');
    expect(gqlCode(await book(member.token, coach.id, '2026-11-24T15:00:00.000Z', 'Mars/Base'))).toBe('INVALID_DATA');
    expect(gqlCode(await book('', coach.id, '2026-11-24T15:00:00.000Z'))).toBe('UNAUTHORIZED');
  });

  it('book, confirm (SMS + email with .ics REQUEST), reschedule (same UID, SEQUENCE 1), cancel (METHOD:CANCEL); reminders follow', async () => {
    const { coach } = await coachWithHours();
    const member = await memberWithSession(t.server, { email: `m${Date.now()}@example.com`, firstName: 'Lucía', preferredLang: 'en' });
    const res = await graphql<{ scheduleAppointment: unknown }>(
      t.url,
      SCHEDULING_GQL.scheduleAppointment,
      { input: { physicianId: coach.id, language: 'en', startDate: '2026-11-26T15:00:00.000Z', timezone: MX } },
      member.token,
    );
    const booked = scheduledAppointmentSchema.parse(res.body.data?.scheduleAppointment);
    expect(booked).toMatchObject({ status: 'scheduled', state: 'scheduled', type: 'scheduled', endDate: '2026-11-26T15:45:00.000Z', memberId: member.user.id });
    await t.server.services.scheduling.runDue();
    const sms = await outbox(member.user.phoneNumber!);
    expect(sms.map((m) => m.body).join('\n')).toContain('your consultation with');
    // The time says its zone (the booking's, Mexico City: 9:00 a.m. there), read away from the screen.
    expect(sms.map((m) => m.body.replace(/[\u202f\u00a0]/g, ' ')).join('\n')).toContain('scheduled for Thursday, November 26, 2026 at 9:00 AM CST.');
    const email = (await outbox(member.user.email!)).at(-1)!;
    expect(email.body).toContain('METHOD:REQUEST');
    expect(email.body).toContain(`UID:${booked.id}@puente`);
    expect(email.body).toContain('SEQUENCE:0');
    expect((await outbox(coach.phoneNumber!)).some((m) => m.body.includes('Lucía'))).toBe(true);

    // Another member cannot touch it.
    const stranger = await memberWithSession(t.server);
    const foreign = await graphql(t.url, SCHEDULING_GQL.rescheduleAppointment, { appointmentId: booked.id, input: { physicianId: coach.id, language: 'en', startDate: '2026-11-27T15:00:00.000Z', timezone: MX } }, stranger.token);
    expect(gqlCode(foreign)).toBe('NOT_FOUND');

    const moved = await graphql<{ rescheduleAppointment: unknown }>(
      t.url,
      SCHEDULING_GQL.rescheduleAppointment,
      { appointmentId: booked.id, input: { physicianId: coach.id, language: 'en', startDate: '2026-11-27T15:00:00.000Z', timezone: MX } },
      member.token,
    );
    expect(scheduledAppointmentSchema.parse(moved.body.data?.rescheduleAppointment)).toMatchObject({ id: booked.id, startDate: '2026-11-27T15:00:00.000Z' });
    await t.server.services.scheduling.runDue();
    const update = (await outbox(member.user.email!)).find((m) => m.subject?.includes('rescheduled'))!;
    expect(update.body).toContain(`UID:${booked.id}@puente`);
    expect(update.body).toContain('SEQUENCE:1');

    // The old slot is free again; the new one is taken.
    const slots = slotsResponseSchema.parse((await request(t.url, `/api/physicians/${coach.id}/slots?from=2026-11-26&to=2026-11-27&timeZone=${MX}`, { token: member.token })).body).slots;
    expect(slots['2026-11-26']).toContain('2026-11-26T15:00:00.000Z');
    expect(slots['2026-11-27']).not.toContain('2026-11-27T15:00:00.000Z');

    // The join reminder of the first date never goes; the one of the new date does, 5 minutes before.
    t.clock.set('2026-11-26T14:55:00Z');
    await t.server.services.scheduling.runDue();
    expect((await outbox(member.user.phoneNumber!)).filter((m) => m.body.includes('starts in 5 minutes'))).toHaveLength(0);
    t.clock.set('2026-11-27T14:55:00Z');
    await t.server.services.scheduling.runDue();
    await t.server.services.scheduling.runDue();
    const joins = (await outbox(member.user.phoneNumber!)).filter((m) => m.body.includes('starts in 5 minutes'));
    expect(joins).toHaveLength(1);
    expect(joins[0]!.body).toContain(`scheduledAppointmentId=${booked.id}`);
    expect((await outbox(coach.phoneNumber!)).some((m) => m.body.includes('tienes una consulta agendada'))).toBe(true);
    t.clock.set(MONDAY_08);
  });

  it('cancel: member > 5 minutes before; then AppointmentAlreadyCanceled; reminders die; .ics CANCEL', async () => {
    const { coach } = await coachWithHours();
    const member = await memberWithSession(t.server, { email: `c${Date.now()}@example.com` });
    const booked = scheduledAppointmentSchema.parse((await book(member.token, coach.id, '2026-11-30T15:00:00.000Z')).body.data?.scheduleAppointment);
    expect((await request(t.url, `/api/scheduled-appointments/${booked.id}/cancel?cancel_reason=CANCELED_BY_SOCIO`, { method: 'POST' })).status).toBe(401);
    const stranger = await memberWithSession(t.server);
    expect(errorCode((await request(t.url, `/api/scheduled-appointments/${booked.id}/cancel`, { method: 'POST', token: stranger.token })).body)).toBe('NOT_FOUND');
    expect(errorCode((await request(t.url, `/api/scheduled-appointments/${booked.id}/cancel?cancel_reason=NOPE`, { method: 'POST', token: member.token })).body)).toBe('INVALID_DATA');

    const ok = await request(t.url, `/api/scheduled-appointments/${booked.id}/cancel?cancel_reason=CANCELED_BY_SOCIO`, { method: 'POST', token: member.token });
    expect(ok.body).toEqual({ id: booked.id, state: 'scheduled-canceled' });
    const again = await request(t.url, `/api/scheduled-appointments/${booked.id}/cancel?cancel_reason=CANCELED_BY_SOCIO`, { method: 'POST', token: member.token });
    expect(errorCode(again.body)).toBe('APPOINTMENT_ALREADY_CANCELED');
    const resched = await graphql(t.url, SCHEDULING_GQL.rescheduleAppointment, { appointmentId: booked.id, input: { physicianId: coach.id, language: 'es', startDate: '2026-12-01T15:00:00.000Z', timezone: MX } }, member.token);
    expect(gqlCode(resched)).toBe('APPOINTMENT_ALREADY_CANCELED');
    await t.server.services.scheduling.runDue();
    expect((await outbox(member.user.email!)).some((m) => m.body.includes('METHOD:CANCEL') && m.body.includes(`UID:${booked.id}@puente`))).toBe(true);
    t.clock.set('2026-11-30T14:55:00Z');
    await t.server.services.scheduling.runDue();
    expect((await outbox(member.user.phoneNumber!)).filter((m) => m.body.includes('5 minutos'))).toHaveLength(0);
    t.clock.set(MONDAY_08);

    // Within 5 minutes of the start the member can no longer cancel (the join button shows instead).
    const late = scheduledAppointmentSchema.parse((await book(member.token, coach.id, '2026-11-23T15:00:00.000Z')).body.data?.scheduleAppointment);
    t.clock.set('2026-11-23T14:56:00Z');
    expect(errorCode((await request(t.url, `/api/scheduled-appointments/${late.id}/cancel`, { method: 'POST', token: member.token })).body)).toBe('APPOINTMENT_ALREADY_IN_PROGRESS');
    t.clock.set('2026-11-23T15:01:00Z');
    expect(gqlCode(await graphql(t.url, SCHEDULING_GQL.rescheduleAppointment, { appointmentId: late.id, input: { physicianId: coach.id, language: 'es', startDate: '2026-12-01T15:00:00.000Z', timezone: MX } }, member.token))).toBe('APPOINTMENT_ALREADY_IN_PROGRESS');
    t.clock.set(MONDAY_08);
  });

  it('cancel by the texted link: token for that appointment only, reason CANCEL_BY_SMS, inactive once passed', async () => {
    const { coach } = await coachWithHours();
    const member = await memberWithSession(t.server, { firstName: 'Rosa' });
    const a = scheduledAppointmentSchema.parse((await book(member.token, coach.id, '2026-12-02T15:00:00.000Z')).body.data?.scheduleAppointment);
    const b = scheduledAppointmentSchema.parse((await book(member.token, coach.id, '2026-12-02T15:45:00.000Z')).body.data?.scheduleAppointment);
    await t.server.services.scheduling.runDue();
    const texted = (await outbox(member.user.phoneNumber!)).map((m) => /https?:\/\/\S+cancel-confirmation-link\S+/.exec(m.body)?.[0]).filter(Boolean) as string[];
    const linkA = new URL(texted.find((u) => u.includes(a.id))!);
    // Booked on Monday for Wednesday: neither today nor tomorrow (an empty todayOrTomorrow).
    expect(Object.fromEntries(linkA.searchParams)).toMatchObject({ lang: 'es', coachName: `${coach.firstName} ${coach.lastName}`, socioName: 'Rosa', startDate: a.startDate, appointmentId: a.id, todayOrTomorrow: '' });
    const token = linkA.searchParams.get('token')!;
    // The token of A does not cancel B.
    expect(errorCode((await request(t.url, `/api/scheduled-appointments/${b.id}/cancel?cancel_reason=CANCEL_BY_SMS&token=${token}`, { method: 'POST' })).body)).toBe('NOT_FOUND');
    // Whatever reason the link asks for, a cancel by link is stored as CANCEL_BY_SMS.
    const ok = await request(t.url, `/api/scheduled-appointments/${a.id}/cancel?cancel_reason=CANCELED_BY_SOCIO&token=${token}`, { method: 'POST' });
    expect(ok.status).toBe(200);
    const [stored] = await t.server.database.db.select().from(scheduledAppointments).where(eq(scheduledAppointments.id, a.id));
    expect(stored).toMatchObject({ state: 'scheduled-canceled', cancelReason: 'CANCEL_BY_SMS' });
    expect(errorCode((await request(t.url, `/api/scheduled-appointments/${a.id}/cancel?cancel_reason=CANCEL_BY_SMS&token=${token}`, { method: 'POST' })).body)).toBe('APPOINTMENT_ALREADY_CANCELED');
    // Links texted for a booking today (10:30 in Mexico City) and tomorrow carry their day.
    const today = scheduledAppointmentSchema.parse((await book(member.token, coach.id, '2026-11-23T16:30:00.000Z')).body.data?.scheduleAppointment);
    const tomorrow = scheduledAppointmentSchema.parse((await book(member.token, coach.id, '2026-11-24T15:00:00.000Z')).body.data?.scheduleAppointment);
    await t.server.services.scheduling.runDue();
    const links = (await outbox(member.user.phoneNumber!)).map((m) => /https?:\/\/\S+cancel-confirmation-link\S+/.exec(m.body)?.[0]).filter(Boolean) as string[];
    const day = (id: string) => new URL(links.find((u) => u.includes(id))!).searchParams.get('todayOrTomorrow');
    expect(day(today.id)).toBe('today');
    expect(day(tomorrow.id)).toBe('tomorrow');
    const tokenB = t.server.services.scheduling.cancelToken(b.id);
    t.clock.set('2026-12-02T16:00:00Z');
    expect(errorCode((await request(t.url, `/api/scheduled-appointments/${b.id}/cancel?cancel_reason=CANCEL_BY_SMS&token=${tokenB}`, { method: 'POST' })).body)).toBe('APPOINTMENT_ALREADY_IN_PROGRESS');
    t.clock.set(MONDAY_08);
  });

  it('joining at the start creates the live appointment (type scheduled, S1) for that coach', async () => {
    const { coach } = await coachWithHours();
    const member = await memberWithSession(t.server, { address: { country: 'MX', state: 'CDMX', city: 'Ciudad de México' } });
    const booked = scheduledAppointmentSchema.parse((await book(member.token, coach.id, '2026-11-23T16:30:00.000Z')).body.data?.scheduleAppointment);
    expect(errorCode((await request(t.url, `/api/scheduled-appointments/${booked.id}/join`, { method: 'POST', token: member.token })).body)).toBe('INVALID_DATA');
    t.clock.set('2026-11-23T16:26:00Z');
    // scheduled-started reaches the member's open app (another tab, the phone).
    const socket = await openSocket(t.url, member.token);
    const started = new Promise<unknown>((resolve) => socket.once('scheduled-started', resolve));
    const joined = await request(t.url, `/api/scheduled-appointments/${booked.id}/join`, { method: 'POST', token: member.token });
    expect(joined.status).toBe(200);
    const { appointmentId, isBusy } = joined.body as { appointmentId: string; isBusy: boolean };
    expect(isBusy).toBe(false);
    expect(await started).toEqual({ scheduledAppointmentId: booked.id, appointmentId });
    socket.disconnect();
    const live = await graphql<{ getAppointment: unknown }>(t.url, APPOINTMENT_GQL.getAppointment, { appointmentId }, member.token);
    expect(live.body.data?.getAppointment).toMatchObject({ type: 'scheduled', state: '1-in-queue-for-coach' });
    const mine = await request(t.url, '/api/scheduled-appointments/mine', { token: member.token });
    expect((mine.body as { scheduledAppointments: unknown[] }).scheduledAppointments).toEqual([expect.objectContaining({ id: booked.id, status: 'in-progress', appointmentId })]);
    // The coach takes it, holds the call and finishes it: the booking is finished with it.
    const appointments = t.server.services.appointments;
    await appointments.accept(coach, appointmentId, 'es');
    await appointments.update(coach, { id: appointmentId, state: '3-coach-joins-call' }, 'es');
    expect(await appointments.finish(coach, appointmentId, 'es')).toMatchObject({ state: '11-finished' });
    const finished = await request(t.url, `/api/scheduled-appointments/${booked.id}`, { token: member.token });
    expect(scheduledAppointmentSchema.parse(finished.body)).toMatchObject({ status: 'finished', appointmentId });
    expect((await request(t.url, '/api/scheduled-appointments/mine', { token: member.token })).body).toEqual({ scheduledAppointments: [] });
    t.clock.set(MONDAY_08);
  });

  it('a member whose app is in English, booked with a coach who speaks Spanish only: her texts are in English, the consultation in Spanish, and the coach can take it', async () => {
    const { coach } = await coachWithHours(); // languages ['es']
    const member = await memberWithSession(t.server, { preferredLang: 'en', address: { country: 'MX', state: 'CDMX', city: 'Ciudad de México' } });
    const booked = await graphql<{ scheduleAppointment: unknown }>(t.url, SCHEDULING_GQL.scheduleAppointment, { input: { physicianId: coach.id, language: 'en', startDate: '2026-11-23T16:30:00.000Z', timezone: MX } }, member.token);
    const { id } = scheduledAppointmentSchema.parse(booked.body.data?.scheduleAppointment);
    await t.server.services.scheduling.runDue();
    expect((await outbox(member.user.phoneNumber!)).map((m) => m.body).join('\n')).toContain('your consultation with');
    t.clock.set('2026-11-23T16:26:00Z');
    try {
      const joined = await request(t.url, `/api/scheduled-appointments/${id}/join`, { method: 'POST', token: member.token });
      expect(joined.status).toBe(200);
      const { appointmentId } = joined.body as { appointmentId: string };
      // A coach sees and takes requests only in her languages: in English she could not (NOT_FOUND).
      const live = await t.server.services.appointments.accept(coach, appointmentId, 'es');
      expect(live).toMatchObject({ type: 'scheduled', state: '2-coach-is-reviewing', language: 'es' });
    } finally {
      t.clock.set(MONDAY_08);
    }
  });

  it('online coaches: CONFLICT scheduled-appointment from 60 minutes before her booking until it ends or is cancelled; others unaffected (spec 001 §8)', async () => {
    const { coach } = await coachWithHours();
    const member = await memberWithSession(t.server);
    const other = await memberWithSession(t.server);
    const online = async (token: string) => {
      const res = await request(t.url, '/api/online-physicians', { token });
      return res.status === 200 ? 'ok' : `${apiErrorSchema.parse(res.body).error.code}:${apiErrorSchema.parse(res.body).error.reason}`;
    };
    // Tuesday 09:00 in Mexico City.
    const booked = scheduledAppointmentSchema.parse((await book(member.token, coach.id, '2026-11-24T15:00:00.000Z')).body.data?.scheduleAppointment);
    expect(await online(member.token)).toBe('ok');
    t.clock.set('2026-11-24T13:58:00Z');
    expect(await online(member.token)).toBe('ok');
    t.clock.set('2026-11-24T14:05:00Z');
    expect(await online(member.token)).toBe('CONFLICT:scheduled-appointment');
    expect(await online(other.token)).toBe('ok');
    t.clock.set('2026-11-24T15:30:00Z');
    expect(await online(member.token)).toBe('CONFLICT:scheduled-appointment');
    t.clock.set('2026-11-24T15:46:00Z');
    expect(await online(member.token)).toBe('ok');
    // Cancelling lifts it at once (the short cache is dropped).
    const again = scheduledAppointmentSchema.parse((await book(member.token, coach.id, '2026-11-25T15:00:00.000Z')).body.data?.scheduleAppointment);
    expect(again.id).not.toBe(booked.id);
    t.clock.set('2026-11-25T14:30:00Z');
    expect(await online(member.token)).toBe('CONFLICT:scheduled-appointment');
    expect((await request(t.url, `/api/scheduled-appointments/${again.id}/cancel?cancel_reason=CANCELED_BY_SOCIO`, { method: 'POST', token: member.token })).status).toBe(200);
    expect(await online(member.token)).toBe('ok');
    t.clock.set(MONDAY_08);
  });

  it('SchedulingAvailable: a member of an organization without it may neither book nor reschedule; with it or without an organization she may (spec 001 §2)', async () => {
    const { coach } = await coachWithHours();
    const closed = await createOrganization(t.server, { settings: { SupportAvailable: true } });
    const open = await createOrganization(t.server, { settings: { SchedulingAvailable: true } });
    const refused = await memberWithSession(t.server, { organizationId: closed.id });
    const inOpen = await memberWithSession(t.server, { organizationId: open.id });
    const alone = await memberWithSession(t.server);
    const res = await book(refused.token, coach.id, '2026-12-03T15:00:00.000Z');
    expect(apiErrorSchema.parse(res.body.errors?.[0]?.extensions).error).toMatchObject({ code: 'CONFLICT', reason: 'scheduling-not-available' });
    expect(scheduledAppointmentSchema.parse((await book(alone.token, coach.id, '2026-12-03T15:45:00.000Z')).body.data?.scheduleAppointment)).toMatchObject({ physicianId: coach.id });
    const booked = scheduledAppointmentSchema.parse((await book(inOpen.token, coach.id, '2026-12-03T15:00:00.000Z')).body.data?.scheduleAppointment);
    // The organization turns scheduling off: the booking cannot be moved any more.
    await t.server.database.db.update(organizations).set({ settings: { SchedulingAvailable: false } }).where(eq(organizations.id, open.id));
    const moved = await graphql(t.url, SCHEDULING_GQL.rescheduleAppointment, { appointmentId: booked.id, input: { physicianId: coach.id, language: 'es', startDate: '2026-12-03T16:30:00.000Z', timezone: MX } }, inOpen.token);
    expect(apiErrorSchema.parse(moved.body.errors?.[0]?.extensions).error).toMatchObject({ code: 'CONFLICT', reason: 'scheduling-not-available' });
  });

  it('GET /api/physicians/{id}/scheduled-appointments: the coach’s bookings with the member’s first name; others refused', async () => {
    const { coach, token } = await coachWithHours();
    const member = await memberWithSession(t.server, { firstName: 'Carmen', lastName: 'Privada' });
    const booked = scheduledAppointmentSchema.parse((await book(member.token, coach.id, '2026-12-04T15:00:00.000Z')).body.data?.scheduleAppointment);
    const path = `/api/physicians/${coach.id}/scheduled-appointments`;
    const res = await request(t.url, path, { token });
    expect(res.status).toBe(200);
    const list = coachScheduledResponseSchema.parse(res.body).scheduledAppointments;
    expect(list).toEqual([expect.objectContaining({ id: booked.id, startDate: '2026-12-04T15:00:00.000Z', memberFirstName: 'Carmen' })]);
    expect(JSON.stringify(res.body)).not.toContain('Privada');
    expect((await request(t.url, path)).status).toBe(401);
    expect(errorCode((await request(t.url, path, { token: member.token })).body)).toBe('NOT_FOUND');
    const other = await coachWithHours();
    expect(errorCode((await request(t.url, path, { token: other.token })).body)).toBe('FORBIDDEN');
  });

  it('the dead-letter list is the admin’s', async () => {
    const admin = await memberWithSession(t.server, { userType: 'admin' });
    const member = await memberWithSession(t.server);
    expect((await request(t.url, '/api/admin/job-queue/dead', { token: admin.token })).status).toBe(200);
    expect(errorCode((await request(t.url, '/api/admin/job-queue/dead', { token: member.token })).body)).toBe('NOT_FOUND');
  });

  it('getMember carries the member’s own scheduledAppointments (spec 7)', async () => {
    const { coach } = await coachWithHours();
    const member = await memberWithSession(t.server);
    const booked = scheduledAppointmentSchema.parse((await book(member.token, coach.id, '2026-12-07T15:00:00.000Z')).body.data?.scheduleAppointment);
    const res = await graphql<{ getMember: unknown }>(t.url, SCHEDULING_GQL.myScheduledAppointments, {}, member.token);
    expect(res.body.errors).toBeUndefined();
    const mine = memberScheduledAppointmentsSchema.parse(res.body.data?.getMember);
    expect(mine).toMatchObject({ id: member.user.id, scheduledAppointments: [expect.objectContaining({ id: booked.id, startDate: '2026-12-07T15:00:00.000Z', physician: expect.objectContaining({ id: coach.id }) })] });
    // Cancelled ones leave the list.
    expect((await request(t.url, `/api/scheduled-appointments/${booked.id}/cancel?cancel_reason=CANCELED_BY_SOCIO`, { method: 'POST', token: member.token })).status).toBe(200);
    // A guest-link session of one of her consultations sees none of her bookings.
    const coachToken = (await createSessionFor(t.server, coach.id)).sessionToken;
    const live = await insertConsultation(t.server, { memberId: member.user.id, mxDoctorId: coach.id, state: '3-coach-joins-call' });
    expect((await request(t.url, CALL_PATHS.guestLink(live.id), { method: 'POST', token: coachToken })).status).toBe(200);
    const link = await readGuestLink(t.url, member.user.phoneNumber!);
    const guest = guestLinkSessionSchema.parse((await request(t.url, CALL_PATHS.guestSignIn, { body: { token: link.token, appointmentId: live.id } })).body);
    const asGuest = await graphql<{ getMember: unknown }>(t.url, SCHEDULING_GQL.myScheduledAppointments, {}, guest.sessionToken);
    expect(memberScheduledAppointmentsSchema.parse(asGuest.body.data?.getMember).scheduledAppointments).toEqual([]);
    const after = await graphql<{ getMember: unknown }>(t.url, SCHEDULING_GQL.myScheduledAppointments, {}, member.token);
    expect(memberScheduledAppointmentsSchema.parse(after.body.data?.getMember).scheduledAppointments).toEqual([]);
  });
});

describe('US-physician coaches: no calendar, changes go through a support message (spec 000 §4 "Scheduling flow")', () => {
  it('the member’s cancel and reschedule are refused; her request lands in the admin’s support inbox and the booking stays', async () => {
    const doctor = await createPhysician(t.server, { userType: 'us-physician', user: { firstName: 'Emily', lastName: 'Soporte' } });
    const admin = await memberWithSession(t.server, { userType: 'admin' });
    const member = await memberWithSession(t.server, { preferredLang: 'es' });
    const other = await memberWithSession(t.server);
    // Support books her with the US doctor (no calendar: any future time without an overlap).
    const input = { physicianId: doctor.id, language: 'es', startDate: '2026-12-08T18:00:00.000Z', timezone: MX, memberId: member.user.id };
    const byMember = await graphql(t.url, SCHEDULING_GQL.scheduleAppointment, { input: { ...input, memberId: null } }, member.token);
    expect(gqlCode(byMember)).toBe('NOT_FOUND');
    const res = await graphql<{ scheduleAppointment: unknown }>(t.url, SCHEDULING_GQL.scheduleAppointment, { input }, admin.token);
    const booked = scheduledAppointmentSchema.parse(res.body.data?.scheduleAppointment);
    expect(booked.physician).toMatchObject({ userType: 'us-physician' });
    expect(gqlCode(await graphql(t.url, SCHEDULING_GQL.scheduleAppointment, { input: { ...input, startDate: '2026-12-08T18:30:00.000Z' } }, admin.token))).toBe('NO_SLOTS_AVAILABLE');

    const cancel = await request(t.url, `/api/scheduled-appointments/${booked.id}/cancel?cancel_reason=CANCELED_BY_SOCIO`, { method: 'POST', token: member.token });
    expect(apiErrorSchema.parse(cancel.body).error).toMatchObject({ code: 'CONFLICT', reason: 'via-support' });
    const moved = await graphql(t.url, SCHEDULING_GQL.rescheduleAppointment, { appointmentId: booked.id, input: { ...input, memberId: null, startDate: '2026-12-09T18:00:00.000Z' } }, member.token);
    expect(apiErrorSchema.parse(moved.body.errors?.[0]?.extensions).error).toMatchObject({ code: 'CONFLICT', reason: 'via-support' });

    const path = `/api/scheduled-appointments/${booked.id}/support-request`;
    expect(errorCode((await request(t.url, path, { method: 'POST', token: member.token, body: { action: 'delete' } })).body)).toBe('INVALID_DATA');
    expect(errorCode((await request(t.url, path, { method: 'POST', token: other.token, body: { action: 'cancel' } })).body)).toBe('NOT_FOUND');
    expect((await request(t.url, path, { method: 'POST', body: { action: 'cancel' } })).status).toBe(401);
    const asked = await request(t.url, path, { method: 'POST', token: member.token, body: { action: 'cancel' } });
    expect(asked.status).toBe(200);
    const { supportRequestId } = scheduledChangeResponseSchema.parse(asked.body);
    expect((await request(t.url, path, { method: 'POST', token: member.token, body: { action: 'reschedule' } })).status).toBe(200);

    const inbox = (await request(t.url, '/api/admin/support/requests', { token: admin.token })).body as { requests: { id: string; memberId: string; kind: string; items: Record<string, string> }[] };
    const mine = inbox.requests.filter((r) => r.memberId === member.user.id);
    expect(mine).toHaveLength(2);
    expect(mine.find((r) => r.id === supportRequestId)).toMatchObject({ kind: 'SUPPORT', items: { helpTopic: 'consultation', reason: 'Quiero cancelar mi consulta agendada' } });
    expect(mine.map((r) => r.items.moreDetails)).toEqual([expect.stringContaining(`${booked.tinyId} con Emily Soporte`), expect.stringContaining(booked.tinyId)]);
    // The booking is unchanged until support acts (an admin may cancel it).
    const still = await request(t.url, `/api/scheduled-appointments/${booked.id}`, { token: member.token });
    expect(scheduledAppointmentSchema.parse(still.body).state).toBe('scheduled');
    expect((await request(t.url, `/api/scheduled-appointments/${booked.id}/cancel?cancel_reason=CANCELED_BY_SOCIO`, { method: 'POST', token: admin.token })).status).toBe(200);
    expect(errorCode((await request(t.url, path, { method: 'POST', token: member.token, body: { action: 'cancel' } })).body)).toBe('APPOINTMENT_ALREADY_CANCELED');

    // A coach with a calendar is changed in the app, not through support.
    const { coach } = await coachWithHours();
    const withCoach = scheduledAppointmentSchema.parse((await book(member.token, coach.id, '2026-12-08T15:00:00.000Z')).body.data?.scheduleAppointment);
    const refused = await request(t.url, `/api/scheduled-appointments/${withCoach.id}/support-request`, { method: 'POST', token: member.token, body: { action: 'cancel' } });
    expect(apiErrorSchema.parse(refused.body).error).toMatchObject({ code: 'CONFLICT', reason: 'via-support' });
  });
});

describe('the admin edits a coach’s calendar (admins only, audited)', () => {
  it('lists coaches, reads and writes weekly hours and exceptions; every other role gets 404; each call is audited', async () => {
    const { coach, token } = await coachWithHours();
    const admin = await memberWithSession(t.server, { userType: 'admin' });
    const member = await memberWithSession(t.server);
    const doctor = await createPhysician(t.server, { userType: 'us-physician' });
    const base = `/api/admin/physicians/${coach.id}/calendar`;

    const coaches = adminCoachesResponseSchema.parse((await request(t.url, '/api/admin/coaches', { token: admin.token })).body).coaches;
    expect(coaches.map((c) => c.id)).toContain(coach.id);
    expect(coaches.map((c) => c.id)).not.toContain(doctor.id);

    expect(calendarSchema.parse((await request(t.url, base, { token: admin.token })).body).hours).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, starts: '09:00', ends: '12:00' })));
    const body = { timeZone: MX, slotMinutes: 45, weekdays: [1, 3], hours: [{ weekday: 1, starts: '10:00', ends: '11:30' }, { weekday: 3, starts: '16:00', ends: '17:30' }] };
    const put = await request(t.url, base, { method: 'PUT', token: admin.token, body });
    expect(calendarSchema.parse(put.body)).toMatchObject({ weekdays: [1, 3], hours: body.hours });
    const added = await request(t.url, `${base}/exceptions`, { method: 'POST', token: admin.token, body: { kind: 'extra-hours', startsAt: '2026-11-24T15:00:00Z', endsAt: '2026-11-24T15:45:00Z' } });
    const extra = calendarSchema.parse(added.body).exceptions[0]!;
    expect(extra).toMatchObject({ kind: 'extra-hours' });
    // The member's slots follow: Monday 10:00-11:30 local and the extra Tuesday hour.
    const slots = slotsResponseSchema.parse((await request(t.url, `/api/physicians/${coach.id}/slots?from=2026-11-23&to=2026-11-25&timeZone=${MX}`, { token: member.token })).body).slots;
    expect(slots).toEqual({ '2026-11-23': ['2026-11-23T16:00:00.000Z', '2026-11-23T16:45:00.000Z'], '2026-11-24': ['2026-11-24T15:00:00.000Z'], '2026-11-25': ['2026-11-25T22:00:00.000Z', '2026-11-25T22:45:00.000Z'] });
    expect(calendarSchema.parse((await request(t.url, `${base}/exceptions/${extra.id}`, { method: 'DELETE', token: admin.token })).body).exceptions).toEqual([]);
    expect(errorCode((await request(t.url, base, { method: 'PUT', token: admin.token, body: { ...body, hours: [{ weekday: 1, starts: '11:00', ends: '10:00' }] } })).body)).toBe('INVALID_DATA');

    // Everyone else: 404, the coach herself included (she edits hers on /dashboard).
    for (const who of [member.token, token, (await createSessionFor(t.server, doctor.id)).sessionToken]) {
      expect(errorCode((await request(t.url, '/api/admin/coaches', { token: who })).body)).toBe('NOT_FOUND');
      expect(errorCode((await request(t.url, base, { token: who })).body)).toBe('NOT_FOUND');
      expect(errorCode((await request(t.url, base, { method: 'PUT', token: who, body })).body)).toBe('NOT_FOUND');
      expect(errorCode((await request(t.url, `${base}/exceptions`, { method: 'POST', token: who, body: { kind: 'time-off', startsAt: '2026-11-24T15:00:00Z', endsAt: '2026-11-24T15:45:00Z' } })).body)).toBe('NOT_FOUND');
    }
    expect((await request(t.url, base)).status).toBe(401);

    const audit = await t.server.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, coach.id), eq(auditLog.resource, 'physician-calendar')));
    expect(audit.map((a) => `${a.actorId === admin.user.id ? 'admin' : a.actorId}:${a.action}`).sort()).toEqual(['admin:create', 'admin:delete', 'admin:read', 'admin:update']);
  });
});

describe('scheduling errors (spec 001 §8)', () => {
  const join = (id: string, token: string) => request(t.url, `/api/scheduled-appointments/${id}/join`, { method: 'POST', token });
  const cancel = (id: string, token: string) => request(t.url, `/api/scheduled-appointments/${id}/cancel?cancel_reason=CANCELED_BY_SOCIO`, { method: 'POST', token });
  const reschedule = (id: string, token: string, physicianId: string, startDate: string) =>
    graphql<{ rescheduleAppointment: unknown }>(t.url, SCHEDULING_GQL.rescheduleAppointment, { appointmentId: id, input: { physicianId, language: 'es', startDate, timezone: MX } }, token);
  const booked = async (token: string, physicianId: string, startDate: string) => scheduledAppointmentSchema.parse((await book(token, physicianId, startDate)).body.data?.scheduleAppointment);

  it('join: a cancelled booking → APPOINTMENT_ALREADY_CANCELED; after its end → APPOINTMENT_ALREADY_FINISHED', async () => {
    const { coach } = await coachWithHours();
    const member = await memberWithSession(t.server);
    const canceled = await booked(member.token, coach.id, '2026-12-10T15:00:00.000Z');
    const missed = await booked(member.token, coach.id, '2026-12-10T15:45:00.000Z');
    expect((await cancel(canceled.id, member.token)).status).toBe(200);
    try {
      t.clock.set('2026-12-10T14:58:00Z');
      expect(errorCode((await join(canceled.id, member.token)).body)).toBe('APPOINTMENT_ALREADY_CANCELED');
      // 45 minutes from 15:45 is 16:30: one minute after, the booking can no longer be joined.
      t.clock.set('2026-12-10T16:31:00Z');
      expect(errorCode((await join(missed.id, member.token)).body)).toBe('APPOINTMENT_ALREADY_FINISHED');
    } finally {
      t.clock.set(MONDAY_08);
    }
  });

  it('cancel or reschedule a finished booking → APPOINTMENT_ALREADY_FINISHED (member and admin), whether it was held or its time passed', async () => {
    const { coach } = await coachWithHours();
    const member = await memberWithSession(t.server);
    const admin = await memberWithSession(t.server, { userType: 'admin' });
    const held = await booked(member.token, coach.id, '2026-12-11T15:00:00.000Z');
    const passed = await booked(member.token, coach.id, '2026-12-11T15:45:00.000Z');
    // The first one was held and its consultation is over (the live consultation finished it).
    await t.server.database.db.update(scheduledAppointments).set({ status: 'finished' }).where(eq(scheduledAppointments.id, held.id));
    try {
      // After both ends: 16:30 is the end of the second one.
      t.clock.set('2026-12-11T16:40:00Z');
      // A staff session lasts a working day: the admin signs in at the new time.
      const adminToken = (await createSessionFor(t.server, admin.user.id)).sessionToken;
      for (const id of [held.id, passed.id]) {
        expect(errorCode((await cancel(id, member.token)).body)).toBe('APPOINTMENT_ALREADY_FINISHED');
        expect(errorCode((await cancel(id, adminToken)).body)).toBe('APPOINTMENT_ALREADY_FINISHED');
        expect(gqlCode(await reschedule(id, member.token, coach.id, '2026-12-14T15:00:00.000Z'))).toBe('APPOINTMENT_ALREADY_FINISHED');
      }
      // The texted link is inactive too.
      const link = await request(t.url, `/api/scheduled-appointments/${passed.id}/cancel?cancel_reason=CANCEL_BY_SMS&token=${t.server.services.scheduling.cancelToken(passed.id)}`, { method: 'POST' });
      expect(errorCode(link.body)).toBe('APPOINTMENT_ALREADY_FINISHED');
    } finally {
      t.clock.set(MONDAY_08);
    }
    const still = scheduledAppointmentSchema.parse((await request(t.url, `/api/scheduled-appointments/${passed.id}`, { token: member.token })).body);
    expect(still).toMatchObject({ state: 'scheduled', startDate: '2026-12-11T15:45:00.000Z' });
  });

  it('a coach may not book, join, cancel or reschedule (FORBIDDEN); an admin booking without memberId → INVALID_DATA', async () => {
    const { coach, token: coachToken } = await coachWithHours();
    const member = await memberWithSession(t.server);
    const admin = await memberWithSession(t.server, { userType: 'admin' });
    expect(gqlCode(await book(coachToken, coach.id, '2026-12-14T15:00:00.000Z'))).toBe('FORBIDDEN');
    const mine = await booked(member.token, coach.id, '2026-12-14T15:45:00.000Z');
    expect(errorCode((await cancel(mine.id, coachToken)).body)).toBe('FORBIDDEN');
    expect(gqlCode(await reschedule(mine.id, coachToken, coach.id, '2026-12-14T16:30:00.000Z'))).toBe('FORBIDDEN');
    try {
      t.clock.set('2026-12-14T15:42:00Z');
      const later = (await createSessionFor(t.server, coach.id)).sessionToken;
      expect(errorCode((await join(mine.id, later)).body)).toBe('FORBIDDEN');
    } finally {
      t.clock.set(MONDAY_08);
    }

    const noMember = await book(admin.token, coach.id, '2026-12-14T15:00:00.000Z');
    expect(apiErrorSchema.parse(noMember.body.errors?.[0]?.extensions).error).toMatchObject({ code: 'INVALID_DATA', fields: { memberId: 'required' } });
    // Nothing was booked: the slot is still free.
    const slots = slotsResponseSchema.parse((await request(t.url, `/api/physicians/${coach.id}/slots?from=2026-12-14&to=2026-12-14&timeZone=${MX}`, { token: member.token })).body).slots;
    expect(slots['2026-12-14']).toEqual(['2026-12-14T15:00:00.000Z', '2026-12-14T16:30:00.000Z', '2026-12-14T17:15:00.000Z']);
  });

  it('rescheduling onto a slot another member holds → NO_SLOTS_AVAILABLE; her booking stays where it was', async () => {
    const { coach } = await coachWithHours();
    const ana = await memberWithSession(t.server);
    const bea = await memberWithSession(t.server);
    const mine = await booked(ana.token, coach.id, '2026-12-15T15:00:00.000Z');
    await booked(bea.token, coach.id, '2026-12-15T15:45:00.000Z');
    expect(gqlCode(await reschedule(mine.id, ana.token, coach.id, '2026-12-15T15:45:00.000Z'))).toBe('NO_SLOTS_AVAILABLE');
    const still = scheduledAppointmentSchema.parse((await request(t.url, `/api/scheduled-appointments/${mine.id}`, { token: ana.token })).body);
    expect(still).toMatchObject({ state: 'scheduled', startDate: '2026-12-15T15:00:00.000Z' });
    // Moving onto her own slot's neighbour that is free works.
    expect(scheduledAppointmentSchema.parse((await reschedule(mine.id, ana.token, coach.id, '2026-12-15T16:30:00.000Z')).body.data?.rescheduleAppointment)).toMatchObject({ startDate: '2026-12-15T16:30:00.000Z' });
  });
});

describe('reminder edges (issue 13 "reminders follow reschedules")', () => {
  it('after a reschedule the coach gets exactly one reminder, for the new time, and the member no join text before start − 5 min; joining while the coach is in another live consultation answers isBusy true', async () => {
    const { coach } = await coachWithHours();
    const member = await memberWithSession(t.server, { address: { country: 'MX', state: 'CDMX', city: 'Ciudad de México' } });
    const first = scheduledAppointmentSchema.parse((await book(member.token, coach.id, '2026-12-16T15:00:00.000Z')).body.data?.scheduleAppointment);
    const moved = await graphql(t.url, SCHEDULING_GQL.rescheduleAppointment, { appointmentId: first.id, input: { physicianId: coach.id, language: 'es', startDate: '2026-12-16T15:45:00.000Z', timezone: MX } }, member.token);
    expect(moved.body.errors).toBeUndefined();
    const reminders = async () => (await outbox(coach.phoneNumber!)).filter((m) => m.body.includes('tienes una consulta agendada'));
    const joins = async () => (await outbox(member.user.phoneNumber!)).filter((m) => m.body.includes('empieza en 5 minutos'));
    try {
      await t.server.services.scheduling.runDue();
      // The first date's reminders are gone.
      t.clock.set('2026-12-16T14:55:00Z');
      await t.server.services.scheduling.runDue();
      expect(await reminders()).toHaveLength(0);
      expect(await joins()).toHaveLength(0);
      // A minute before start − 5 min of the new date: still nothing.
      t.clock.set('2026-12-16T15:39:00Z');
      await t.server.services.scheduling.runDue();
      expect(await joins()).toHaveLength(0);
      expect(await reminders()).toHaveLength(0);
      t.clock.set('2026-12-16T15:40:00Z');
      await t.server.services.scheduling.runDue();
      await t.server.services.scheduling.runDue();
      const sent = await reminders();
      expect(sent).toHaveLength(1);
      // 15:45 UTC is 09:45 in Mexico City (the coach's zone), not the first date's 09:00.
      expect(sent[0]!.body).toMatch(/9:45/);
      expect(await joins()).toHaveLength(1);

      // The coach is still in another member's consultation when she joins.
      const other = await memberWithSession(t.server);
      await insertConsultation(t.server, { memberId: other.user.id, mxDoctorId: coach.id, state: '3-coach-joins-call' });
      const joined = await request(t.url, `/api/scheduled-appointments/${first.id}/join`, { method: 'POST', token: member.token });
      expect(joined.status).toBe(200);
      expect(joined.body).toMatchObject({ isBusy: true });
      const { appointmentId } = joined.body as { appointmentId: string };
      const busy = await request(t.url, `/api/physicians/${coach.id}/isbusy?appointmentId=${appointmentId}`, { token: member.token });
      expect(busy.body).toEqual({ isBusy: true });
    } finally {
      t.clock.set(MONDAY_08);
    }
  });
});
