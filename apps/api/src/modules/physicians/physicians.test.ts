import * as z from 'zod/mini';
import { apiErrorSchema, onlinePhysiciansResponseSchema, PHYSICIAN_GQL, physicianSchema, physicianWithSlotsSchema } from '@puente/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlledClock } from '../../lib/clock';
import { createPhysician, createSessionFor, graphql, memberWithSession, onlinePhysician, openSocket, request, startTestServer, type TestServer, type TestSocket } from '../../test';

// A Monday, 10:00 in Mexico City.
const MONDAY_10 = new Date('2026-11-23T16:00:00Z');

let t: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await startTestServer({ clock: createControlledClock(MONDAY_10) });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const online = async (token: string, query = '') => {
  const res = await request(t.url, `/api/online-physicians${query}`, { token });
  expect(res.status).toBe(200);
  return onlinePhysiciansResponseSchema.parse(res.body).physicians;
};
/** Presence is written once the server has handled the connection (with Redis, told to every node): the poll follows it shortly after. */
const waitFor = async (check: () => Promise<boolean>): Promise<void> => {
  for (let i = 0; i < 250; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not met');
};

describe('GET /api/online-physicians (spec 6: only online, available coaches)', () => {
  it('needs a session', async () => {
    const res = await request(t.url, '/api/online-physicians');
    expect(res.status).toBe(401);
    expect(apiErrorSchema.parse(res.body).error.code).toBe('UNAUTHORIZED');
  });

  it('a coach appears while a socket is connected and available, and disappears when either stops', async () => {
    const member = await memberWithSession(t.server);
    const coach = await createPhysician(t.server, { languages: ['es', 'en'] });
    expect((await online(member.token)).map((p) => p.id)).not.toContain(coach.id);

    const { sessionToken } = await createSessionFor(t.server, coach.id);
    const socket = await openSocket(t.url, sessionToken);
    sockets.push(socket);
    let listed: unknown;
    await waitFor(async () => (listed = (await online(member.token)).find((p) => p.id === coach.id)) !== undefined);
    expect(z.strictObject(physicianSchema.shape).parse(listed)).toMatchObject({ isOnline: true, isAvailable: true, userType: 'mx-physician', licensedStates: ['MX'] });
    // Nothing private leaves: no phone, email or licence numbers.
    expect(JSON.stringify(listed)).not.toContain(coach.phoneNumber!);

    // The coach switches availability off (GraphQL), then on again.
    const off = await graphql<{ setAvailability: unknown }>(t.url, PHYSICIAN_GQL.setAvailability, { isAvailable: false }, sessionToken);
    expect(physicianSchema.parse(off.body.data?.setAvailability).isAvailable).toBe(false);
    expect((await online(member.token)).map((p) => p.id)).not.toContain(coach.id);
    await graphql(t.url, PHYSICIAN_GQL.setAvailability, { isAvailable: true }, sessionToken);
    expect((await online(member.token)).map((p) => p.id)).toContain(coach.id);

    socket.disconnect();
    await waitFor(async () => !(await online(member.token)).some((p) => p.id === coach.id));
  });

  it('never lists US doctors or unavailable coaches, even online', async () => {
    const member = await memberWithSession(t.server);
    const doctor = await onlinePhysician(t.server, t.url, { userType: 'us-physician' });
    const busy = await onlinePhysician(t.server, t.url, { isAvailable: false });
    sockets.push(doctor.socket, busy.socket);
    const ids = (await online(member.token)).map((p) => p.id);
    expect(ids).not.toContain(doctor.user.id);
    expect(ids).not.toContain(busy.user.id);
  });

  it.each([
    ['?tags=practice_mentalhealth', 'mental'],
    ['?tags=lang_en', 'english'],
    ['?tags=practice_health,lang_es', 'spanish'],
    ['?tags=stress', 'mental'],
  ])('filters by tags %s', async (query, expected) => {
    const member = await memberWithSession(t.server);
    const spanish = await onlinePhysician(t.server, t.url, { languages: ['es'], practice: 'health' });
    const english = await onlinePhysician(t.server, t.url, { languages: ['en'], practice: 'health' });
    const mental = await onlinePhysician(t.server, t.url, { languages: ['fr' as 'es'], practice: 'mentalhealth', tags: ['stress'] });
    sockets.push(spanish.socket, english.socket, mental.socket);
    const byName = { spanish: spanish.user.id, english: english.user.id, mental: mental.user.id };
    const ids = (await online(member.token, query)).map((p) => p.id);
    for (const [name, id] of Object.entries(byName)) expect([name, ids.includes(id)]).toEqual([name, name === expected]);
  });

  it('partnerId keeps coaches reserved for other partners out', async () => {
    const member = await memberWithSession(t.server);
    const reserved = await onlinePhysician(t.server, t.url, { partnerIds: ['partner-a'] });
    sockets.push(reserved.socket);
    expect((await online(member.token, '?partnerId=partner-a')).map((p) => p.id)).toContain(reserved.user.id);
    expect((await online(member.token, '?partnerId=partner-b')).map((p) => p.id)).not.toContain(reserved.user.id);
  });

  it('each variant (language, filters) gets its own cached answer, and every one follows presence and availability changes', async () => {
    const es = await memberWithSession(t.server);
    const en = await memberWithSession(t.server, { preferredLang: 'en' });
    const coach = await onlinePhysician(t.server, t.url, { languages: ['es', 'en'], practice: 'health' });
    sockets.push(coach.socket);
    const bioOf = async (token: string, id: string, query = '') => (await online(token, query)).find((p) => p.id === id)?.bio;
    // Warm both languages, twice each: the second answers come from the cache, still in each member's language.
    for (let i = 0; i < 2; i++) {
      expect(await bioOf(es.token, coach.user.id)).toBe('Perfil de prueba');
      expect(await bioOf(en.token, coach.user.id)).toBe('Test profile');
      expect(await bioOf(es.token, coach.user.id, '?tags=practice_mentalhealth')).toBeUndefined();
    }

    // Another coach comes online: every cached variant shows them.
    const second = await onlinePhysician(t.server, t.url, { languages: ['es', 'en'], practice: 'mentalhealth' });
    sockets.push(second.socket);
    expect(await bioOf(es.token, second.user.id)).toBe('Perfil de prueba');
    expect(await bioOf(en.token, second.user.id)).toBe('Test profile');
    expect(await bioOf(es.token, second.user.id, '?tags=practice_mentalhealth')).toBe('Perfil de prueba');

    // The first coach turns availability off, then goes offline for good.
    await graphql(t.url, PHYSICIAN_GQL.setAvailability, { isAvailable: false }, coach.token);
    expect(await bioOf(en.token, coach.user.id)).toBeUndefined();
    await graphql(t.url, PHYSICIAN_GQL.setAvailability, { isAvailable: true }, coach.token);
    expect(await bioOf(en.token, coach.user.id)).toBe('Test profile');
    second.socket.disconnect();
    await waitFor(async () => (await bioOf(es.token, second.user.id, '?tags=practice_mentalhealth')) === undefined);
    expect(await bioOf(en.token, second.user.id)).toBeUndefined();
    expect(await bioOf(es.token, coach.user.id)).toBe('Perfil de prueba');
  });

  it('answers polls from memory: no database query per request once warm', async () => {
    const member = await memberWithSession(t.server);
    await online(member.token); // warm the profile and session caches
    const db = t.server.database.db as unknown as { execute: unknown; select: unknown; session: { execute?: unknown; query?: unknown; prepareQuery: (...a: unknown[]) => unknown } };
    let queries = 0;
    const original = db.session.prepareQuery.bind(db.session);
    db.session.prepareQuery = (...args: unknown[]) => {
      queries++;
      return original(...args);
    };
    let control = 0;
    try {
      for (let i = 0; i < 5; i++) await online(member.token);
      control = queries;
      // The counter does see queries: an uncached call makes some.
      await graphql(t.url, PHYSICIAN_GQL.getPhysicians, {}, member.token);
    } finally {
      db.session.prepareQuery = original;
    }
    expect(control).toBe(0);
    expect(queries).toBeGreaterThan(0);
  });
});

describe('getPhysician and getPhysicians (GraphQL)', () => {
  it('getPhysician answers the contract shape; a member id or a random id is NOT_FOUND', async () => {
    const member = await memberWithSession(t.server);
    const coach = await createPhysician(t.server, { hours: { starts: '09:00', ends: '11:30' } });
    const res = await graphql<{ getPhysician: unknown }>(t.url, PHYSICIAN_GQL.getPhysicianWithSlots, { id: coach.id, date: '2026-11-23' }, member.token);
    const p = z.strictObject(physicianWithSlotsSchema.shape).parse(res.body.data?.getPhysician);
    // 10:00 Mexico City now: only 10:30 is still ahead (09:00, 09:30 and 10:00 have started) and
    // its 45 minutes (spec 9 initial assessment) end by 11:30; 11:00 would not.
    expect(p.availableSlots).toEqual(['2026-11-23T16:30:00.000Z']);
    for (const id of [member.user.id, '00000000-0000-4000-8000-000000000000']) {
      const nf = await graphql(t.url, PHYSICIAN_GQL.getPhysician, { id }, member.token);
      expect(apiErrorSchema.parse(nf.body.errors?.[0]?.extensions).error.code).toBe('NOT_FOUND');
    }
    const bad = await graphql(t.url, PHYSICIAN_GQL.getPhysicianWithSlots, { id: coach.id, date: '23/11/2026' }, member.token);
    expect(apiErrorSchema.parse(bad.body.errors?.[0]?.extensions).error).toMatchObject({ code: 'INVALID_DATA', fields: { date: 'invalid_date' } });
  });

  it('schedulable: coaches with slots that day who are not online and available (spec 6)', async () => {
    const member = await memberWithSession(t.server);
    const offline = await createPhysician(t.server, { practice: 'mentalhealth', languages: ['en'], hours: { starts: '12:00', ends: '14:00' } });
    const onlineCoach = await onlinePhysician(t.server, t.url, { practice: 'mentalhealth', languages: ['en'], hours: { starts: '12:00', ends: '14:00' } });
    const noHours = await createPhysician(t.server, { practice: 'mentalhealth', languages: ['en'] });
    sockets.push(onlineCoach.socket);
    const res = await graphql<{ getPhysicians: unknown[] }>(
      t.url,
      PHYSICIAN_GQL.getPhysicians,
      { schedulable: true, language: 'en', practice: 'mentalhealth', availabilityDate: '2026-11-23' },
      member.token,
    );
    expect(res.body.errors).toBeUndefined();
    const list = res.body.data!.getPhysicians.map((p) => physicianWithSlotsSchema.parse(p));
    const ids = list.map((p) => p.id);
    expect(ids).toContain(offline.id);
    expect(ids).not.toContain(onlineCoach.user.id);
    expect(ids).not.toContain(noHours.id);
    expect(list.find((p) => p.id === offline.id)!.availableSlots).toEqual([
      '2026-11-23T18:00:00.000Z',
      '2026-11-23T18:30:00.000Z',
      '2026-11-23T19:00:00.000Z', // 13:00-13:45; 13:30 would end after 14:00 (45-minute bookings)
    ]);
    // Filters: a Spanish-only request does not list English-only coaches.
    const es = await graphql<{ getPhysicians: { id: string }[] }>(t.url, PHYSICIAN_GQL.getPhysicians, { language: 'es', practice: 'mentalhealth' }, member.token);
    expect(es.body.data!.getPhysicians.map((p) => p.id)).not.toContain(offline.id);
  });

  it('setAvailability is for physicians only', async () => {
    const member = await memberWithSession(t.server);
    const res = await graphql(t.url, PHYSICIAN_GQL.setAvailability, { isAvailable: true }, member.token);
    expect(apiErrorSchema.parse(res.body.errors?.[0]?.extensions).error.code).toBe('FORBIDDEN');
    const anonymous = await graphql(t.url, PHYSICIAN_GQL.getPhysicians, {});
    expect(anonymous.status).toBe(401);
  });
});

describe('the caches of the online list follow changes at once', () => {
  it('a profile changed through the service (the admin console) is what the next poll lists; only physicians have one', async () => {
    const member = await memberWithSession(t.server);
    const coach = await onlinePhysician(t.server, t.url, { languages: ['es'] });
    sockets.push(coach.socket);
    await waitFor(async () => (await online(member.token)).some((p) => p.id === coach.user.id));
    expect((await online(member.token)).find((p) => p.id === coach.user.id)?.nickName).toBeNull();

    await t.server.services.physicians.updateProfile(coach.user.id, { nickName: 'Dr. Beto', tags: ['nutrition'] }, 'es');
    expect((await online(member.token)).find((p) => p.id === coach.user.id)?.nickName).toBe('Dr. Beto');
    expect((await online(member.token, '?tags=nutrition')).map((p) => p.id)).toContain(coach.user.id);

    await expect(t.server.services.physicians.updateProfile(member.user.id, { nickName: 'x' }, 'es')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(t.server.services.physicians.updateProfile('not-an-id', { nickName: 'x' }, 'es')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a signed-out session is refused by the very next poll (its cached lookup is dropped)', async () => {
    const member = await memberWithSession(t.server);
    await online(member.token);
    await online(member.token);
    expect((await request(t.url, '/api/auth/logout', { method: 'POST', token: member.token })).status).toBe(200);
    expect((await request(t.url, '/api/online-physicians', { token: member.token })).status).toBe(401);
  });
});
