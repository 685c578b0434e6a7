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

const shutdown = (signal: string) => {
  app.log.info({ signal }, 'shutting down');
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
  app.log.info(`Puente listening on ${config.publicUrl} (${server.database.kind} database, ${config.nodeEnv})`);
} catch (err) {
  app.log.error({ err }, 'could not start');
  await server.close();
  process.exit(1);
}
