import { createSessionInputSchema, refreshSessionInputSchema, type SessionPayload } from '@puente/contracts';
import { parseWith } from '../../http';
import type { GraphqlContext } from '../../graphql';
import type { AuthService } from './auth.service';

export const authTypeDefs = /* GraphQL */ `
  type SessionPayload {
    member: Member!
    sessionToken: String!
    mustAcceptTos: Boolean!
  }
  extend type Mutation {
    createSession(loginToken: String!, timeZone: String!): SessionPayload!
    refreshSession(sessionToken: String!, timeZone: String!): SessionPayload!
  }
`;

export function authResolvers(auth: AuthService) {
  return {
    Mutation: {
      createSession: (_root: unknown, args: unknown, _ctx: GraphqlContext): Promise<SessionPayload> =>
        auth.createSession(parseWith(createSessionInputSchema, args)),
      refreshSession: (_root: unknown, args: unknown, _ctx: GraphqlContext): Promise<SessionPayload> =>
        auth.refreshSession(parseWith(refreshSessionInputSchema, args)),
    },
  };
}
