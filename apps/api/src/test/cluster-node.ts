/**
 * One API node as its own process, for tests that run several nodes on one PostgreSQL and one
 * Redis (DATABASE_URL, REDIS_URL and TEST_REDIS_PREFIX from the environment). Prints
 * `{"url": ...}` once listening. No working-hours check; presence expires after
 * TEST_PRESENCE_TTL_MS. SIGTERM shuts it down gracefully; tests SIGKILL it to play a crash.
 * Started with an IPC channel, it runs service calls no endpoint offers yet (the admin console's
 * physician profile edit): `{ id, cmd: 'update-physician-profile', args: { physicianId, changes } }`
 * answers `{ id, result }` or `{ id, error }`.
 */
import { buildServer } from '../app';
import type { PhysicianProfileChanges } from '../modules/physicians/physicians.service';

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
if (process.send) {
  process.on('message', (m: { id: number; cmd: string; args: { physicianId: string; changes: PhysicianProfileChanges } }) => {
    if (m.cmd !== 'update-physician-profile') {
      process.send!({ id: m.id, error: `unknown command ${m.cmd}` });
      return;
    }
    server.services.physicians.updateProfile(m.args.physicianId, m.args.changes, 'es').then(
      (result) => process.send!({ id: m.id, result }),
      (err: unknown) => process.send!({ id: m.id, error: String(err) }),
    );
  });
  process.channel?.unref(); // the IPC channel alone does not keep the node up
}
process.once('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
