import type { MemberDto } from '@puente/contracts';
import { safeString } from '@puente/domain';
import * as z from 'zod/mini';
import type { GraphqlContext } from '../../graphql';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import type { ProfileService } from './profile.service';

/**
 * updateMember takes its data as an opaque object (the scalar below), so that a field outside the
 * whitelist reaches the service and is refused by name (400 INVALID_DATA), not as a schema error.
 */
export const profileTypeDefs = /* GraphQL */ `
  "A member update: only the MEMBER_UPDATE_WHITELIST fields of packages/domain are accepted."
  scalar MemberUpdateData
  extend type Mutation {
    updateMember(memberId: ID!, data: MemberUpdateData!): Member!
    "Accepts the terms; returns the agreement date (ISO date-time)."
    acceptTerms: String!
  }
`;

const updateArgsSchema = z.object({ memberId: safeString().check(z.minLength(1)), data: z.unknown() });

export function profileResolvers(profile: ProfileService) {
  return {
    Mutation: {
      updateMember: (_root: unknown, args: unknown, ctx: GraphqlContext): Promise<MemberDto> => {
        if (!ctx.auth) throw new AppError('UNAUTHORIZED');
        const { memberId, data } = parseWith(updateArgsSchema, args);
        return profile.updateMember(ctx.auth.user, memberId, data);
      },
      acceptTerms: (_root: unknown, _args: unknown, ctx: GraphqlContext): Promise<string> => {
        if (!ctx.auth) throw new AppError('UNAUTHORIZED');
        return profile.acceptTerms(ctx.auth.user);
      },
    },
  };
}
