export { buildServer, type BuildServerOptions, type PuenteServer } from './app';
export { CONFIG_VARIABLES, loadConfig, type Config } from './config';
export { DEMO_LOGINS, DEMO_ORGANIZATION } from './db/seed';
export { createControlledClock, systemClock, type Clock, type ControlledClock } from './lib/clock';
