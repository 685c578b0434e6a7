import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { apiErrorSchema, GQL } from '@puente/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from './db/schema';
import { asyncLogDestination, flushLog, type AsyncLogDestination } from './logger';
import { createMember, createSessionFor, graphql, request, startTestServer } from './test';

const captureLog = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  return { stream, text: () => lines.join('') };
};

describe('a failing query in the log', () => {
  it('keeps the error class, SQLSTATE and constraint only: no names, medications or phone numbers (REST, GraphQL and a direct query)', async () => {
    const log = captureLog();
    const t = await startTestServer({ config: { logLevel: 'error' }, logStream: log.stream });
    try {
      const phone = '+525598765432';
      const member = await createMember(t.server, {
        firstName: 'Xochiquetzal',
        lastName: 'Tlacaelel',
        phoneNumber: phone,
        countryCode: '52',
        medications: ['Metformina 850 mg'],
        surgeries: [{ name: 'Colecistectomia laparoscopica' }],
      });
      const { sessionToken } = await createSessionFor(t.server, member.id);
      // A check the existing row breaks (NOT VALID): every update of it fails with 23514, and the
      // driver's detail quotes the whole failing row.
      await t.server.database.db.execute(sql.raw(`alter table users add constraint users_test_no_xochi check (first_name is distinct from 'Xochiquetzal') not valid`));

      const rest = await request(t.url, `/api/users/${member.id}/language/en`, { method: 'POST', token: sessionToken, headers: { 'accept-language': 'en' } });
      expect(rest.status).toBe(500);
      expect(apiErrorSchema.parse(rest.body).error.code).toBe('UNKNOWN_ERROR');

      const gql = await graphql(t.url, GQL.updateMember, { memberId: member.id, data: { medications: ['Sertralina 50 mg'], firstName: 'Xochiquetzal' } }, sessionToken);
      expect(apiErrorSchema.parse(gql.body.errors?.[0]?.extensions).error.code).toBe('UNKNOWN_ERROR');

      // Straight through drizzle (its DrizzleQueryError repeats the SQL parameters), logged by hand.
      const direct = await t.server.database.db
        .update(users)
        .set({ lastName: 'Cuauhtemoc-Secreto', medications: ['Litio 300 mg'] })
        .where(sql`${users.id} = ${member.id}`)
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(direct).toBeInstanceOf(Error);
      t.app.log.error({ err: direct }, 'direct query failed');
      t.app.log.error({ error: new Error('wrapped', { cause: direct }) }, 'wrapped query failed');

      const text = log.text();
      const entries = text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown>; error?: Record<string, unknown> });
      const logged = entries.filter((e) => ['unhandled error', 'unhandled GraphQL error', 'direct query failed', 'wrapped query failed'].includes(e.msg));
      expect(logged.map((e) => e.msg)).toEqual(['unhandled error', 'unhandled GraphQL error', 'direct query failed', 'wrapped query failed']);
      for (const entry of logged) {
        const err = entry.err ?? entry.error;
        // The class, the SQLSTATE and the constraint somewhere down the cause chain.
        expect(JSON.stringify(err)).toContain('"code":"23514"');
        expect(JSON.stringify(err)).toContain('"constraint":"users_test_no_xochi"');
        expect(err?.message).toMatch(/23514 users_test_no_xochi/);
        expect(err).not.toHaveProperty('detail');
      }
      for (const secret of ['Xochiquetzal', 'Tlacaelel', 'Metformina', 'Colecistectomia', 'Sertralina', 'Cuauhtemoc', 'Litio', phone, phone.slice(1), 'update "users"', 'Failing row']) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await t.close();
    }
  });

  it('still logs the message and stack of an ordinary fault', async () => {
    const log = captureLog();
    const t = await startTestServer({ config: { logLevel: 'error' }, logStream: log.stream });
    try {
      t.app.log.error({ err: new TypeError('cannot read x of undefined') }, 'ordinary fault');
      const entry = JSON.parse(log.text().trim().split('\n').at(-1)!) as { err: { type: string; message: string; stack: string } };
      expect(entry.err).toMatchObject({ type: 'TypeError', message: 'cannot read x of undefined' });
      expect(entry.err.stack).toContain('logger.test.ts');
    } finally {
      await t.close();
    }
  });
});

describe('the asynchronous log destination', () => {
  /** A destination on a file of a fresh temporary folder: `use` writes through it, then it is flushed and the folder removed. */
  const withLogFile = async (use: (destination: AsyncLogDestination, read: () => string) => Promise<void>): Promise<void> => {
    const dir = mkdtempSync(path.join(tmpdir(), 'puente-log-'));
    const file = path.join(dir, 'api.log');
    const destination = asyncLogDestination(file);
    try {
      await use(destination, () => readFileSync(file, 'utf8'));
    } finally {
      await flushLog(destination);
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('writes every line whole and in order, non-ASCII text included, once flushed', async () => {
    await withLogFile(async (destination, read) => {
      // Several batches and writes (about 90 kB), with multi-byte characters (a byte count is not a
      // character count).
      const expected = Array.from({ length: 3000 }, (_, i) => `${JSON.stringify({ n: i, msg: i % 3 ? 'línea' : 'señal ✓' })}\n`);
      for (const line of expected) destination.write(line);
      await flushLog(destination);
      expect(read()).toBe(expected.join(''));
    });
  });

  it("writes a quiet server's line within its flush period, without waiting for a batch to fill", async () => {
    await withLogFile(async (destination, read) => {
      destination.write('{"msg":"una línea"}\n');
      await vi.waitFor(() => expect(read()).toBe('{"msg":"una línea"}\n'), { timeout: 2_000, interval: 50 });
    });
  });
});
