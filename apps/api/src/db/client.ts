import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers share this type, so repositories do not care which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens the database and applies the committed SQL migrations (apps/api/drizzle) with drizzle's
 * migrator. node-postgres when a URL is given; otherwise PGlite in `dataDir` ('memory://' keeps it
 * in memory, for tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  onPoolError?: (err: Error) => void;
  /**
   * In memory only: start from this PGlite dump (dumpDataDir) instead of an empty database; the
   * migrations still run and apply whatever the dump lacks. Tests use one made once per run.
   */
  memoryTemplate?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new ReleasingPool({
      connectionString: options.databaseUrl,
      max: 10,
      // Not in the spec: while PostgreSQL is down or restarting, a request fails with a catalogue
      // error within these bounds instead of hanging; new connections are made as it comes back.
      // (The server cancels a long statement; a client-side query timeout would leave the client
      // busy and, inside a transaction, back in the pool.)
      connectionTimeoutMillis: 5_000,
      statement_timeout: 20_000,
      keepAlive: true,
    });
    // An idle client whose server went away (restart, failover) emits 'error' on the pool; without
    // a listener that would end the process. The pool drops that client and opens a new one later.
    pool.on('error', (err) => options.onPoolError?.(err));
    // A client checked out of the pool (inside a transaction, between two queries) has no listener
    // of the pool's: its connection dropping would be an uncaught error. Its query fails instead.
    pool.on('connect', (client) => client.on('error', (err) => options.onPoolError?.(err)));
    const db = drizzleNodePg(pool, { schema });
    await migrateOnce(pool, () => migrateNodePg(db, { migrationsFolder }));
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  // The embedded database is loaded only when it is used (a node on PostgreSQL never needs it).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  const inMemory = options.dataDir === 'memory://';
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = inMemory ? new PGlite(options.memoryTemplate ? { loadDataDir: options.memoryTemplate } : {}) : new PGlite(options.dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

// Any fixed 64-bit key, the same on every node: "puente migrations".
const MIGRATION_LOCK_KEY = 0x7075_656e_7465n;

/**
 * Several nodes may start at once on one PostgreSQL: the first takes a session advisory lock and
 * migrates, the others wait for it and then find nothing left to do.
 */
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migrate();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}

/**
 * A pool that never loses a client whose connection died while checked out. drizzle-orm's
 * node-postgres transaction() (0.45.x) sends BEGIN before its try/finally, so a BEGIN on a dropped
 * connection never releases its client: after a few PostgreSQL restarts every slot is gone and
 * each request waits for a connection forever (drizzle-team/drizzle-orm#6241, open). Here a
 * checked-out client whose connection ends is released at once as broken (the pool discards it),
 * and the caller's own release later is a no-op.
 */
class ReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): Promise<pg.PoolClient> | void {
    const checkedOut = super.connect().then((client) => ReleasingPool.guard(client));
    if (!callback) return checkedOut;
    checkedOut.then(
      (client) => callback(undefined, client, (err?: unknown) => client.release(err as Error | undefined)),
      (err: Error) => callback(err, undefined, () => undefined),
    );
  }

  private static guard(client: pg.PoolClient): pg.PoolClient {
    const release = client.release.bind(client);
    let released = false;
    const onEnd = () => client.release(new Error('connection ended while checked out'));
    client.release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('end', onEnd);
      release(err);
    };
    client.once('end', onEnd);
    return client;
  }
}
