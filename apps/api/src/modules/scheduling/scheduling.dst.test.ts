import { outboxResponseSchema, SCHEDULING_GQL, scheduledAppointmentSchema, slotsResponseSchema } from '@puente/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlledClock } from '../../lib/clock';
import { createPhysician, createSessionFor, graphql, memberWithSession, request, startTestServer, type TestServer } from '../../test';

/**
 * Issue 13 "time zones across a DST change", through the API: the US springs forward on Sunday
 * 14 March 2027 (Los Angeles UTC-8 → UTC-7); Mexico City stays UTC-6 (no DST since 2022).
 */
// Wednesday 10 March 2027, 08:00 in Los Angeles (PST).
const WEDNESDAY = new Date('2027-03-10T16:00:00Z');
const LA = 'America/Los_Angeles';
const MX = 'America/Mexico_City';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ clock: createControlledClock(WEDNESDAY) });
});
afterAll(async () => {
  await t.close();
});

const outbox = async (to: string) => outboxResponseSchema.parse((await request(t.url, `/api/dev/outbox?to=${encodeURIComponent(to)}`)).body).messages;

describe('a Los Angeles coach across the US spring-forward (14 March 2027)', () => {
  it('slots on both sides come out at the right UTC instants; the join text of a booking after the change goes at start − 5 min', async () => {
    const coach = await createPhysician(t.server, { isAvailable: false });
    const coachToken = (await createSessionFor(t.server, coach.id)).sessionToken;
    const put = await request(t.url, `/api/physicians/${coach.id}/calendar`, { method: 'PUT', token: coachToken, body: { timeZone: LA, slotMinutes: 45, hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, starts: '09:00', ends: '10:30' })) } });
    expect(put.status).toBe(200);
    const member = await memberWithSession(t.server, { preferredLang: 'en' });
    const slots = async (zone: string) => {
      const res = await request(t.url, `/api/physicians/${coach.id}/slots?from=2027-03-12&to=2027-03-15&timeZone=${encodeURIComponent(zone)}`, { token: member.token });
      expect(res.status).toBe(200);
      return slotsResponseSchema.parse(res.body);
    };
    // 09:00 in Los Angeles: 17:00 UTC on Friday (PST), 16:00 UTC on Monday (PDT); no weekend.
    const expected = { '2027-03-12': ['2027-03-12T17:00:00.000Z', '2027-03-12T17:45:00.000Z'], '2027-03-15': ['2027-03-15T16:00:00.000Z', '2027-03-15T16:45:00.000Z'] };
    expect(await slots(LA)).toEqual({ timeZone: LA, physicianTimeZone: LA, slots: expected });
    // A member in Mexico City sees the same instants (11:00 before the change, 10:00 after).
    expect((await slots(MX)).slots).toEqual(expected);

    const res = await graphql<{ scheduleAppointment: unknown }>(t.url, SCHEDULING_GQL.scheduleAppointment, { input: { physicianId: coach.id, language: 'en', startDate: '2027-03-15T16:00:00.000Z', timezone: MX } }, member.token);
    expect(res.body.errors).toBeUndefined();
    const booked = scheduledAppointmentSchema.parse(res.body.data?.scheduleAppointment);
    expect(booked).toMatchObject({ startDate: '2027-03-15T16:00:00.000Z', endDate: '2027-03-15T16:45:00.000Z' });
    // The pre-change instant of 09:00 (17:00 UTC) is not a slot on Monday.
    const wrong = await graphql(t.url, SCHEDULING_GQL.scheduleAppointment, { input: { physicianId: coach.id, language: 'en', startDate: '2027-03-15T17:00:00.000Z', timezone: MX } }, member.token);
    expect(wrong.body.errors?.[0]?.extensions?.code).toBe('NO_SLOTS_AVAILABLE');

    const joins = async () => (await outbox(member.user.phoneNumber!)).filter((m) => m.body.includes('starts in 5 minutes'));
    const reminders = async () => (await outbox(coach.phoneNumber!)).filter((m) => m.body.includes('tienes una consulta agendada'));
    await t.server.services.scheduling.runDue();
    // One second before start − 5 min (15:55 UTC, 08:55 in Los Angeles after the change): nothing yet.
    t.clock.set('2027-03-15T15:54:59Z');
    await t.server.services.scheduling.runDue();
    expect(await joins()).toHaveLength(0);
    expect(await reminders()).toHaveLength(0);
    t.clock.set('2027-03-15T15:55:00Z');
    await t.server.services.scheduling.runDue();
    await t.server.services.scheduling.runDue();
    expect((await joins()).map((m) => m.body)).toEqual([expect.stringContaining(`scheduledAppointmentId=${booked.id}`)]);
    expect(await reminders()).toHaveLength(1);
  });
});
