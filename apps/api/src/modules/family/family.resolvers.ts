import type { DependantDto, DependantRemovalDto, DependantsResponse } from '@puente/contracts';
import { safeString } from '@puente/domain';
import * as z from 'zod/mini';
import { AppError } from '../../errors';
import type { GraphqlContext } from '../../graphql';
import { parseWith } from '../../http';
import type { FamilyService } from './family.service';

/** spec 7 getDependants, addDependants, updateDependant, deleteDependant, deleteAllDependants. */
export const familyTypeDefs = /* GraphQL */ `
  type Dependant {
    memberId: ID!
    alias: String!
    phoneNumber: String!
    "ACCEPTED or PENDING"
    invitationStatus: String!
    preferredLang: String!
  }
  type Dependants {
    dependants: [Dependant!]!
    slotsLeft: Int!
  }
  type DependantRemoval {
    dependants: [Dependant!]!
    slotsLeft: Int!
    "user, referral or dependant"
    role: String!
  }
  extend type Query {
    getDependants(memberId: ID!): Dependants!
  }
  extend type Mutation {
    "dependants: [{ alias, phoneNumber (10 digits), countryCode, preferredLang }]"
    addDependants(memberId: ID!, dependants: JSON!): Dependants!
    updateDependant(currentMemberId: ID!, referralId: ID!, dependantTempId: ID!): Dependant!
    deleteDependant(referralId: ID!, dependantId: ID!): DependantRemoval!
    deleteAllDependants(memberId: ID!): DependantRemoval!
  }
`;

const id = safeString().check(z.minLength(1), z.maxLength(100));

export function familyResolvers(family: FamilyService) {
  const actor = (ctx: GraphqlContext) => {
    if (!ctx.auth) throw new AppError('UNAUTHORIZED');
    return ctx.auth.user;
  };
  return {
    Query: {
      getDependants: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<DependantsResponse> =>
        family.getDependants(actor(ctx), parseWith(z.object({ memberId: id }), args).memberId),
    },
    Mutation: {
      addDependants: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<DependantsResponse> => {
        const who = actor(ctx);
        const { memberId, dependants } = parseWith(z.object({ memberId: id, dependants: z.unknown() }), args);
        return family.addDependants(who, memberId, { dependants });
      },
      updateDependant: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<DependantDto> =>
        family.acceptInvitation(actor(ctx), parseWith(z.object({ currentMemberId: id, referralId: id, dependantTempId: id }), args)),
      deleteDependant: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<DependantRemovalDto> => {
        const who = actor(ctx);
        const a = parseWith(z.object({ referralId: id, dependantId: id }), args);
        return family.deleteDependant(who, a.referralId, a.dependantId);
      },
      deleteAllDependants: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<DependantRemovalDto> =>
        family.deleteAllDependants(actor(ctx), parseWith(z.object({ memberId: id }), args).memberId),
    },
  };
}
