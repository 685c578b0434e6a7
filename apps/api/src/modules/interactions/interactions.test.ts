import { apiErrorSchema, interactionResponseSchema } from '@puente/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createSessionFor, request, startTestServer, type TestServer } from '../../test';
import { MemoryRateLimiter } from '../../providers/rate-limit/memory.rate-limiter';
import { InteractionsRepository } from './interactions.repository';
import { InteractionsService } from './interactions.service';

let t: TestServer;
let repo: InteractionsRepository;
beforeAll(async () => {
  t = await startTestServer();
  repo = new InteractionsRepository(t.server.database.db);
});
afterAll(async () => {
  await t.close();
});

const device = () => `dev-${crypto.randomUUID()}`;
const error = (body: unknown) => apiErrorSchema.parse(body).error;

describe('POST /api/interactions/event', () => {
  it('a newcomer without a session can record a step: stored for the device, with no user', async () => {
    const deviceId = device();
    const res = await request(t.url, '/api/interactions/event', { body: { deviceId, event: 'language_selected', properties: { language: 'en', route: '/select-language' } } });
    expect(res.status).toBe(200);
    interactionResponseSchema.parse(res.body);
    const [row] = await repo.forDevice(deviceId);
    expect(row).toMatchObject({ kind: 'event', userId: null, event: 'language_selected', data: { language: 'en', route: '/select-language' } });
  });

  it("a signed-in member's events carry her id; another member's id is refused, and so is an id without a session", async () => {
    const ana = await createMember(t.server);
    const other = await createMember(t.server);
    const { sessionToken } = await createSessionFor(t.server, ana.id);
    const deviceId = device();
    const ok = await request(t.url, '/api/interactions/event', { token: sessionToken, body: { userId: ana.id, deviceId, event: 'consultation_requested', properties: { practice: 'health', channel: 'video' } } });
    expect(ok.status).toBe(200);
    expect((await repo.forDevice(deviceId))[0]).toMatchObject({ userId: ana.id, data: { practice: 'health', channel: 'video' } });

    const someoneElse = await request(t.url, '/api/interactions/event', { token: sessionToken, body: { userId: other.id, deviceId, event: 'call_joined' } });
    expect(someoneElse.status).toBe(403);
    expect(error(someoneElse.body).code).toBe('FORBIDDEN');
    const noSession = await request(t.url, '/api/interactions/event', { body: { userId: ana.id, deviceId, event: 'call_joined' } });
    expect(noSession.status).toBe(401);
    expect(error(noSession.body).code).toBe('UNAUTHORIZED');
    expect(await repo.forDevice(deviceId)).toHaveLength(1);
  });

  it('health and personal fields are stripped by the allow-list: only the allowed properties are stored', async () => {
    const deviceId = device();
    const res = await request(t.url, '/api/interactions/event', {
      body: {
        deviceId,
        event: 'consultation_requested',
        properties: { practice: 'mentalhealth', allergies: ['penicillin'], medications: 'sertraline', reason: 'ansiedad', phoneNumber: '+525512345678', firstName: 'Ana', email: 'ana@example.com', birthday: '1990-01-01' },
      },
    });
    expect(res.status).toBe(200);
    expect(interactionResponseSchema.parse(res.body).kept).toEqual({ practice: 'mentalhealth' });
    const [row] = await repo.forDevice(deviceId);
    expect(row!.data).toEqual({ practice: 'mentalhealth' });
    expect(JSON.stringify(row)).not.toMatch(/penicillin|sertraline|ansiedad|5512345678|Ana|example\.com|1990/);
  });

  it('free text through an allowed name is refused, in the caller language, and nothing is stored', async () => {
    const deviceId = device();
    for (const properties of [{ outcome: 'tengo diabetes' }, { route: '/inicio?phone=5512345678' }, { method: 'Ana López' }, { step: 'two' }, { language: 'fr' }]) {
      const res = await request(t.url, '/api/interactions/event', { headers: { 'accept-language': 'en' }, body: { deviceId, event: 'login_started', properties } });
      expect(res.status).toBe(400);
      const e = error(res.body);
      expect(e.code).toBe('INVALID_DATA');
      expect(e.message).toBe('Please check the information you sent.');
      expect(Object.values(e.fields ?? {})).toContain('interaction_property_invalid');
    }
    expect(await repo.forDevice(deviceId)).toHaveLength(0);
  });

  it('bad input is a 400 with a field map, never a 500', async () => {
    const cases: [unknown, string][] = [
      [{ deviceId: device(), event: 'not_an_event' }, 'event'],
      [{ event: 'login_started' }, 'deviceId'],
      [{ deviceId: 'x', event: 'login_started' }, 'deviceId'],
      [{ deviceId: device(), event: 'login_started', userId: 'not-a-uuid' }, 'userId'],
      [{ deviceId: device(), event: 'login_started', properties: 'language=es' }, 'properties'],
    ];
    for (const [body, field] of cases) {
      const res = await request(t.url, '/api/interactions/event', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(error(res.body).fields ?? {})).toContain(field);
    }
    const notJson = await request(t.url, '/api/interactions/event', { rawBody: '{"deviceId":' });
    expect(notJson.status).toBe(400);
    expect(error(notJson.body).message).toBe('Revisa los datos enviados.');
  });
});

describe('POST /api/interactions/identity', () => {
  it('needs a session; then stores only the allowed traits for the caller', async () => {
    const deviceId = device();
    const anonymous = await request(t.url, '/api/interactions/identity', { body: { deviceId, traits: { language: 'es' } } });
    expect(anonymous.status).toBe(401);
    expect(error(anonymous.body).code).toBe('UNAUTHORIZED');

    const john = await createMember(t.server, { preferredLang: 'en' });
    const { sessionToken } = await createSessionFor(t.server, john.id);
    const res = await request(t.url, '/api/interactions/identity', {
      token: sessionToken,
      body: { userId: john.id, deviceId, traits: { language: 'en', userType: 'member', phoneCountryCode: '1', firstName: 'John', email: 'john@example.com', medicalConditions: ['asthma'] } },
    });
    expect(res.status).toBe(200);
    expect(interactionResponseSchema.parse(res.body).kept).toEqual({ language: 'en', userType: 'member', phoneCountryCode: '1', role: 'Socio' });
    const [row] = await repo.forDevice(deviceId, 'identity');
    expect(row).toMatchObject({ userId: john.id, event: null, data: { language: 'en', userType: 'member', phoneCountryCode: '1', role: 'Socio' } });

    const other = await createMember(t.server);
    const forged = await request(t.url, '/api/interactions/identity', { token: sessionToken, body: { userId: other.id, deviceId, traits: {} } });
    expect(forged.status).toBe(403);
    const bad = await request(t.url, '/api/interactions/identity', { token: sessionToken, body: { deviceId, traits: { userType: 'superuser' } } });
    expect(bad.status).toBe(400);
    expect(error(bad.body).fields).toEqual({ 'traits.userType': 'interaction_property_invalid' });
  });

  it('labels the role from the session for analytics: a coach is Coach whatever the body says (spec 001 §6)', async () => {
    const coach = await createMember(t.server, { userType: 'mx-physician' });
    const { sessionToken } = await createSessionFor(t.server, coach.id);
    const res = await request(t.url, '/api/interactions/identity', { token: sessionToken, body: { deviceId: device(), traits: { userType: 'member', role: 'Admin' } } });
    expect(res.status).toBe(200);
    expect(interactionResponseSchema.parse(res.body).kept).toMatchObject({ role: 'Coach' });
  });
});

describe('rate limit', () => {
  it('one IP stores no more than the hourly allowance', async () => {
    const service = new InteractionsService({ repository: repo, clock: t.clock, limiter: new MemoryRateLimiter(), perIpPerHour: 2 });
    const input = { auth: null, ip: '203.0.113.9', deviceId: device(), event: 'login_started' as const, properties: {} };
    await service.recordEvent(input);
    await service.recordEvent(input);
    await expect(service.recordEvent(input)).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
    expect(await repo.forDevice(input.deviceId)).toHaveLength(2);
  });
});
