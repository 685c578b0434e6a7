import type { MemberDto } from '@puente/contracts';
import type { GraphqlContext } from '../../graphql';
import { AppError } from '../../errors';
import type { MembersService } from './members.service';

/** Field names exactly as packages/contracts memberSchema (a test checks every GQL document). */
export const membersTypeDefs = /* GraphQL */ `
  type Member {
    id: ID!
    firstName: String
    lastName: String
    email: String
    phoneNumber: String
    countryCode: String
    "member, admin, mx-physician or us-physician"
    userType: String!
    "es or en"
    preferredLang: String!
    consultationLang: String!
    languages: [String!]!
    organizationId: ID
    timeZone: String
    loginType: String
    loginTypes: [String!]!
    "ISO date-time"
    agreedTosAt: String
    needsToAcceptTerms: Boolean!
    "ISO date-time"
    createdAt: String!
  }
  extend type Query {
    getMember: Member!
  }
`;

export function membersResolvers(members: MembersService) {
  return {
    Query: {
      getMember: (_root: unknown, _args: unknown, ctx: GraphqlContext): Promise<MemberDto> => {
        if (!ctx.auth) throw new AppError('UNAUTHORIZED');
        return members.getOwnMember(ctx.auth.user);
      },
    },
  };
}
