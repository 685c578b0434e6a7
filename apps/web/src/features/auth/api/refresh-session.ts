import { GQL, sessionPayloadSchema, type SessionPayload } from '@puente/contracts';
import { graphqlRequest } from '@/lib/api-client';
import { getTimeZone } from '@/lib/time-zone';

/** GraphQL refreshSession(sessionToken, timeZone): run when the app comes back to the foreground. */
export const refreshSession = (sessionToken: string): Promise<SessionPayload> =>
  graphqlRequest(GQL.refreshSession, { sessionToken, timeZone: getTimeZone() }, 'refreshSession', sessionPayloadSchema);
