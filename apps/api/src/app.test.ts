import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { apiErrorSchema, GQL, healthResponseSchema, historyPageSchema, memberRecordSchema } from '@puente/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { DEMO_LOGINS } from './db/seed';
import { fullPhoneNumberSchema } from '@puente/domain';
import { createMember, createSessionFor, graphql, loginByPhone, request, startTestServer } from './test';
import type { SmsProvider } from './providers/sms/sms.provider';

describe('the server', () => {
  it('answers health quickly, unknown API routes with NOT_FOUND, and lists the outbox newest first', async () => {
    const t = await startTestServer();
    try {
      const health = await request(t.url, '/api/health');
      expect(health.status).toBe(200);
      healthResponseSchema.parse(health.body);
      const missing = await request(t.url, '/api/nothing-here', { headers: { 'accept-language': 'en' } });
      expect(missing.status).toBe(404);
      expect(apiErrorSchema.parse(missing.body).error).toMatchObject({ code: 'NOT_FOUND', message: 'We could not find what you were looking for.' });
      const wrongMethod = await request(t.url, '/api/health', { method: 'DELETE' });
      expect(wrongMethod.status).toBe(404);
      apiErrorSchema.parse(wrongMethod.body);

      const phone = '+14155559876';
      await request(t.url, '/api/auth/pwdless/phone', { body: { phoneNumber: phone } });
      t.clock.advance(3 * 60_000);
      await request(t.url, '/api/auth/pwdless/phone', { body: { phoneNumber: '+525598765432' } });
      const all = (await request(t.url, '/api/dev/outbox')).body as { messages: { to: string }[] };
      expect(all.messages.map((m) => m.to)).toEqual(['+525598765432', phone]);
      const filtered = (await request(t.url, `/api/dev/outbox?to=${encodeURIComponent(phone)}`)).body as { messages: { to: string }[] };
      expect(filtered.messages.map((m) => m.to)).toEqual([phone]);
    } finally {
      await t.close();
    }
  });

  it('has no outbox in production', async () => {
    const t = await startTestServer({ config: { nodeEnv: 'production', isProduction: true } });
    try {
      const res = await request(t.url, '/api/dev/outbox');
      expect(res.status).toBe(404);
      expect(apiErrorSchema.parse(res.body).error.code).toBe('NOT_FOUND');
    } finally {
      await t.close();
    }
  });

  it('serves the web build with a fallback to index.html, but never for /api or /socket.io', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'puente-web-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Puente</title>');
    writeFileSync(path.join(dist, 'app.js'), 'console.log(1)');
    const t = await startTestServer({ config: { webDist: dist } });
    try {
      expect(await (await fetch(`${t.url}/`)).text()).toContain('<title>Puente</title>');
      const deep = await fetch(`${t.url}/inicio/perfil`);
      expect(deep.status).toBe(200);
      expect(await deep.text()).toContain('<title>Puente</title>');
      expect(await (await fetch(`${t.url}/app.js`)).text()).toBe('console.log(1)');
      expect((await fetch(`${t.url}/missing.js`)).status).toBe(404);
      expect((await request(t.url, '/api/unknown')).status).toBe(404);
      apiErrorSchema.parse((await request(t.url, '/api/unknown')).body);
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('logs', () => {
  it('never contain codes, tokens, authorization headers or phone numbers in production', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const sent: { to: string; body: string }[] = [];
    const sms: SmsProvider = { name: 'capture', send: async (m) => void sent.push(m) };
    const t = await startTestServer({ config: { nodeEnv: 'production', isProduction: true, logLevel: 'trace' }, logStream: stream, providers: { sms } });
    try {
      const phone = '+14155557777';
      const res = await request(t.url, '/api/auth/pwdless/phone', { body: { phoneNumber: phone } });
      const { pwdlessToken } = res.body as { pwdlessToken: string };
      const code = sent[0]!.body.slice(-6);
      const verified = await request(t.url, '/api/auth/pwdless/verify', { body: { pwdlessToken, code } });
      const { loginToken } = verified.body as { loginToken: string };
      const session = await graphql<{ createSession: { sessionToken: string } }>(t.url, GQL.createSession, { loginToken, timeZone: 'UTC' });
      const sessionToken = session.body.data!.createSession.sessionToken;
      await graphql(t.url, GQL.getMember, {}, sessionToken);
      await request(t.url, `/api/user/phone-taken/${encodeURIComponent(phone)}?phone=${encodeURIComponent(phone)}`, { token: sessionToken });
      // Something a careless later change might log directly:
      t.app.log.info({ phoneNumber: phone, code, sessionToken, req: { headers: { authorization: `Bearer ${sessionToken}` } }, medications: ['x'] }, 'careless');
      t.app.log.error({ err: new Error('boom'), body: { phoneNumber: phone, code } }, 'careless error');

      const text = lines.join('');
      expect(text).toContain('careless');
      expect(text).toContain('[redacted]');
      for (const secret of [phone, phone.slice(1), code, pwdlessToken, loginToken, sessionToken, `Bearer ${sessionToken}`, '"medications":["x"]']) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await t.close();
    }
  });
});

describe('configuration', () => {
  it('requires the secrets in production and the Twilio settings when Twilio is chosen', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET[\s\S]*CODE_PEPPER/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID/);
    const c = loadConfig({ PORT: '4000', DATA_DIR: 'memory://' });
    expect(c).toMatchObject({ port: 4000, publicUrl: 'http://localhost:4000', nodeEnv: 'development', sms: { provider: 'outbox' } });
  });
});

describe('demo data', () => {
  it('is seeded once on an empty database, and the demo members can log in', async () => {
    for (const login of DEMO_LOGINS) fullPhoneNumberSchema.parse(login.phoneNumber);
    const t = await startTestServer({ seed: true });
    try {
      const ana = await loginByPhone(t.url, DEMO_LOGINS[0].phoneNumber);
      expect(ana).toMatchObject({ status: 'account_exist', mustAcceptTos: false, member: { firstName: 'Ana', preferredLang: 'es' } });
      // Her history and record can be tried at once: two finished consultations, with notes and a plan.
      const history = historyPageSchema.parse((await request(t.url, '/api/records/history', { token: ana.sessionToken })).body);
      expect(history.items.map((i) => [i.physicianName, i.channel, i.reason])).toEqual([
        ['María Hernández', 'video-call', 'Dolor de garganta y fiebre desde hace dos días'],
        ['Daniel Rivera', 'phone-call', 'Estrés y ansiedad'],
      ]);
      for (const item of history.items) {
        const record = memberRecordSchema.parse((await request(t.url, `/api/records/appointments/${item.id}`, { token: ana.sessionToken })).body);
        expect(record.note.length).toBeGreaterThanOrEqual(5);
        expect(record.plan?.recomendations?.language).toBe('es');
      }
      const john = await loginByPhone(t.url, DEMO_LOGINS[1].phoneNumber, { lang: 'en' });
      expect(john.member).toMatchObject({ firstName: 'John', preferredLang: 'en', organizationId: expect.any(String) });
      const johnHistory = historyPageSchema.parse((await request(t.url, '/api/records/history', { token: john.sessionToken })).body);
      expect(johnHistory.items.map((i) => [i.physicianName, i.reason])).toEqual([['Daniel Rivera', 'Work burnout']]);
      // Sofía shares John's Acme plan (family plan): access from the ledger, derived from his.
      const sofia = await loginByPhone(t.url, DEMO_LOGINS.find((l) => l.key === 'sofia')!.phoneNumber);
      expect(await t.server.services.membership.accessOf(sofia.member.id)).toMatchObject({ source: 'family', endReason: null });
      const family = await fetch(`${t.url}/api/member/${john.member.id}/dependants`, { headers: { authorization: `Bearer ${john.sessionToken}` } });
      expect(((await family.json()) as { dependants: { invitationStatus: string }[] }).dependants.map((d) => d.invitationStatus)).toEqual(['ACCEPTED', 'PENDING']);
      const { seedDemoData } = await import('./db/seed');
      expect(await seedDemoData(t.server.database.db, t.clock.now())).toBe(false);
      const someone = await createMember(t.server);
      expect((await createSessionFor(t.server, someone.id)).member.id).toBe(someone.id);
    } finally {
      await t.close();
    }
  });
});
