import { getOptionsForArgsSchema, type MemberDto, type OptionDto, type OrganizationDto } from '@puente/contracts';
import { safeString } from '@puente/domain';
import * as z from 'zod/mini';
import { AppError } from '../../errors';
import type { GraphqlContext } from '../../graphql';
import { parseWith } from '../../http';
import type { OrganizationsService } from './organizations.service';

/** spec 7 getOrganization(organizationId) and unlinkOrganizationFromMember(memberId). */
export const organizationsTypeDefs = /* GraphQL */ `
  type OrganizationSite {
    id: ID!
    name: String!
  }
  type OrganizationPartner {
    id: ID!
    name: String!
  }
  type Organization {
    id: ID!
    name: String!
    homePageUrl: String
    "canonical organization feature flags that are on (spec 3)"
    settings: [String!]!
    sites: [OrganizationSite!]!
    dependantOrganizations: [ID!]!
    partner: OrganizationPartner
    "the asking member's site in this organization"
    organizationSite: ID
  }
  "spec 7 getOptionsFor(name): the choices of a list (organizationSites: her organization's sites)"
  type Option {
    key: String!
    label: String!
    value: String!
    defaultOption: Boolean
    disabled: Boolean
    color: String
  }
  extend type Query {
    getOrganization(organizationId: ID!): Organization!
    getOptionsFor(name: String!): [Option!]!
  }
  extend type Mutation {
    unlinkOrganizationFromMember(memberId: ID!): Member!
  }
`;

const orgArgs = z.object({ organizationId: safeString().check(z.minLength(1)) });
const memberArgs = z.object({ memberId: safeString().check(z.minLength(1)) });

export function organizationsResolvers(organizations: OrganizationsService) {
  return {
    Query: {
      getOptionsFor: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<OptionDto[]> => {
        if (!ctx.auth) throw new AppError('UNAUTHORIZED');
        return organizations.optionsFor(ctx.auth.user, parseWith(getOptionsForArgsSchema, args).name);
      },
      getOrganization: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<OrganizationDto> => {
        if (!ctx.auth) throw new AppError('UNAUTHORIZED');
        return organizations.getOrganization(ctx.auth.user, parseWith(orgArgs, args).organizationId);
      },
    },
    Mutation: {
      unlinkOrganizationFromMember: (_r: unknown, args: unknown, ctx: GraphqlContext): Promise<MemberDto> => {
        if (!ctx.auth) throw new AppError('UNAUTHORIZED');
        return organizations.unlink(ctx.auth.user, parseWith(memberArgs, args).memberId);
      },
    },
  };
}
