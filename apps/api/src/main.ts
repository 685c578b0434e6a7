import { PRODUCT_NAME } from '@puente/domain';
import { buildServer } from './app';
import { assertSafeListenAddress, loadConfig } from './config';

// Before anything opens: a bad configuration or an unsafe listen address stops here, readably.
try {
  assertSafeListenAddress(loadConfig());
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const server = await buildServer();
const { app, config } = server;

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // The close itself bounds requests in flight by SHUTDOWN_TIMEOUT_MS; this bounds everything else
  // (a database or Redis that does not answer its goodbye).
  setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs + 5_000).unref();
  server.close().then(
    () => process.exit(0),
    (err: unknown) => {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    },
  );
};
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${PRODUCT_NAME} listening on ${config.publicUrl} (${server.database.kind} database, ${config.nodeEnv})`);
} catch (err) {
  app.log.error({ err }, 'could not start');
  await server.close();
  process.exit(1);
}
