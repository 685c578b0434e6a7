import { GRAPHQL_PATH } from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A guest-link session may call this route (something its call needs). The service behind it
     * still checks the session's scope against the appointment named; this flag is only the gate.
     */
    guest?: boolean;
  }
}

/** Public reads a guest page makes with its bearer token (configuration, physician cards...). */
const PUBLIC_GET_PREFIXES = ['/api/configs', '/api/system', '/api/physicians', '/api/online-physicians', '/api/releases', '/api/interactions'];
const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * Defence in depth for scoped sessions (the enforcement is in the services): driven by the scope
 * stored on the session, never by the request's text. A guest-link session reaches only routes
 * marked `guest`, public reads, and GraphQL (whose root fields are gated as they resolve, see
 * registerGraphql's guestRootFields); anything else is FORBIDDEN. Installed after the bearer hook.
 */
export function installSessionScopeGate(app: FastifyInstance): void {
  // Synchronous: it runs on every request, and most have no scoped session.
  app.addHook('onRequest', function sessionScopeGate(request, _reply, done) {
    if (!request.auth?.user.sessionScope || request.routeOptions.config?.guest) return done();
    const path = request.url.split('?')[0] ?? '';
    if (path === GRAPHQL_PATH) return done();
    if (request.method === 'GET' && PUBLIC_GET_PREFIXES.some((p) => under(path, p))) return done();
    done(new AppError('FORBIDDEN'));
  });
}

/** GraphQL root fields a guest-link session may run (its services check the appointment). */
export const GUEST_GRAPHQL_FIELDS: ReadonlySet<string> = new Set([
  'getMember',
  'getCurrentAppointment',
  'getAppointment',
  'appointmentDetails',
  'updateAppointment',
  'getPhysician',
  'createSession',
  'refreshSession',
]);
