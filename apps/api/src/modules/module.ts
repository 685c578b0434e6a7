import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { IResolvers } from 'mercurius';
import type { JobRunner } from '../lib/jobs';
import type { RealtimeGateway, SocketHandlers } from '../realtime/gateway';
import type { Services } from '../services';

/** What a module's parts are built from: the services, the realtime gateway, the job runner. */
export interface ModuleContext {
  services: Services;
  gateway: RealtimeGateway;
  jobs: JobRunner;
  log: FastifyBaseLogger;
  isProduction: boolean;
  /** Periodic jobs' intervals a test or deployment overrides (0 = never on a timer). */
  intervals: { erasureMs?: number };
}

/**
 * One server module as the composition root sees it (issue 9): its routes, its part of the
 * GraphQL schema, its socket handlers, its periodic jobs and what it starts and stops. Each module
 * exports one from its index.ts; app.ts lists them (modules/index.ts) and wires the rest.
 */
export interface ApiModule {
  name: string;
  /** REST routes; `when` leaves them out (the dev routes are never served in production). */
  routes?: (ctx: ModuleContext) => (app: FastifyInstance) => Promise<void>;
  when?: (ctx: ModuleContext) => boolean;
  graphql?: { typeDefs: string; resolvers: (ctx: ModuleContext) => IResolvers };
  socket?: (ctx: ModuleContext) => SocketHandlers;
  jobs?: (ctx: ModuleContext) => void;
  /** Runs once the server is built; the returned function runs at shutdown. */
  start?: (ctx: ModuleContext) => Promise<() => Promise<void>>;
}
