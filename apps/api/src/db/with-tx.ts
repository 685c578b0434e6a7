import type { Db } from './client';

/** Work a service does in the same transaction as a write (the audit row of that write, issue 9). */
export type WithTx = (tx: Db) => Promise<unknown>;

/**
 * Runs `write`, and `withTx` after it in the same transaction when given: both commit or neither
 * does. A write that changed nothing (returns undefined) runs no `withTx`. Without `withTx` the
 * write runs on `db` as it is.
 */
export async function writeWith<T>(db: Db, write: (db: Db) => Promise<T>, withTx?: WithTx): Promise<T> {
  if (!withTx) return write(db);
  return db.transaction(async (tx) => {
    const result = await write(tx);
    if (result !== undefined) await withTx(tx);
    return result;
  });
}
