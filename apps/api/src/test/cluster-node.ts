/**
 * One API node as its own process, for tests that run several nodes on one PostgreSQL and one
 * Redis (DATABASE_URL, REDIS_URL and TEST_REDIS_PREFIX from the environment). Prints
 * `{"url": ...}` once listening. No working-hours check; presence expires after
 * TEST_PRESENCE_TTL_MS. SIGTERM shuts it down gracefully; tests SIGKILL it to play a crash.
 */
import { buildServer } from '../app';

const ttlMs = Number(process.env.TEST_PRESENCE_TTL_MS ?? 3000);
const server = await buildServer({
  env: process.env,
  seed: false,
  redisKeyPrefix: process.env.TEST_REDIS_PREFIX,
  workingHours: () => undefined,
  erasureIntervalMs: 0,
  presence: { ttlMs, heartbeatMs: Math.max(100, Math.floor(ttlMs / 3)) },
});
await server.app.listen({ port: 0, host: '127.0.0.1' });
const address = server.app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${address.port}` })}\n`);
process.once('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
