import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { auditLog } from './schema';

/**
 * The embedded database (PGlite in DATA_DIR) is what `npm start` runs on. A process writing to it
 * is killed with SIGKILL in the middle of its writes: on restart every write it had acknowledged
 * is there, and the database opens, migrates and accepts writes again.
 */
const clientModule = fileURLToPath(new URL('./client.ts', import.meta.url));
const schemaModule = fileURLToPath(new URL('./schema.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

// The PGlite pass of `npm test` runs it (the PostgreSQL pass has its own durability).
describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database survives SIGKILL', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'puente-durability-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged write and opens again', async () => {
    const script = `
      const { openDatabase } = await import(${JSON.stringify(clientModule)});
      const { auditLog } = await import(${JSON.stringify(schemaModule)});
      const database = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
      for (let i = 0; ; i++) {
        await database.db.insert(auditLog).values({ at: new Date(), actorRole: 'system', action: 'create', resource: 'durability', recordId: String(i) });
        process.stdout.write('ack ' + i + '\\n');
      }
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
    let acknowledged = -1;
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        for (const m of d.toString().matchAll(/ack (\d+)/g)) acknowledged = Math.max(acknowledged, Number(m[1]));
        // Killed mid-stream, well into its writes.
        if (acknowledged >= 60) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.once('exit', (code, signal) => signal === 'SIGKILL' || reject(new Error(`writer exited (${code})`)));
    });
    await new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

    const reopened = await openDatabase({ dataDir });
    try {
      const rows = await reopened.db.select({ recordId: auditLog.recordId }).from(auditLog).where(sql`${auditLog.resource} = 'durability'`);
      const stored = new Set(rows.map((r) => Number(r.recordId)));
      const missing = Array.from({ length: acknowledged + 1 }, (_, i) => i).filter((i) => !stored.has(i));
      expect(missing).toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(acknowledged + 1);
      // Still a working database.
      await reopened.db.insert(auditLog).values({ at: new Date(), actorRole: 'system', action: 'create', resource: 'durability', recordId: 'after' });
      expect(await reopened.db.select().from(auditLog).where(sql`${auditLog.recordId} = 'after'`)).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
