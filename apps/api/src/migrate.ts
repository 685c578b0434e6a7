/**
 * `npm run migrate`: applies the committed migrations to DATABASE_URL (or the embedded database in
 * DATA_DIR) and exits. Nodes also migrate when they start, under an advisory lock, so several
 * starting at once are safe; a deployment that prefers one step before the rollout runs this.
 */
import { loadConfig } from './config';
import { openDatabase } from './db/client';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.close();
console.log(`migrations applied (${database.kind})`);
