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
    nickName: String
    "epoch ms (UTC midnight of the day of birth)"
    birthday: Float
    sex: String
    gender: String
    address: MemberAddress
    height: Float
    weight: Float
    heightMetricSystem: Boolean!
    weightMetricSystem: Boolean!
    alergies: [String!]!
    medications: [String!]!
    medicalConditions: [String!]!
    surgeries: [MemberSurgery!]!
    preferredContactMethod: String
    topicsOfInterest: [String!]!
    identificationNumber: String
    referredById: ID
    referredByName: String
    labConsent: MemberLabConsent!
    healthScreeningConsentAt: String
    healthProfileAnsweredAt: String
    insuranceInfo: MemberInsuranceInfo
    hasInsurance: MemberHasInsurance
    pharmacy: MemberPharmacy
    emailVerifiedAt: String
    organization: MemberOrganization
  }
  type MemberAddress {
    zipCode: String
    city: String
    state: String
    country: String
  }
  type MemberSurgery {
    name: String!
    date: String
    howLong: String
    dateApprox: Boolean
  }
  type MemberLabConsent {
    "not_asked, provided_no or provided_yes"
    wasInfoProvided: String!
    updatedAt: String
  }
  type MemberInsuranceInfo {
    typeOfInsurance: String!
  }
  type MemberHasInsurance {
    wasInfoProvided: Boolean!
  }
  type MemberPharmacy {
    pharmStoreName: String!
    pharmAddressLine1: String
    pharmAddressLine2: String
    pharmCity: String
    pharmState: String
    pharmZip: String
    pharmPhone: String
    pharmLatitude: Float
    pharmLongitude: Float
  }
  type MemberOrganization {
    id: ID!
    name: String!
    "canonical organization feature flags that are on (spec 3)"
    settings: [String!]!
    "spec 3: the organizations dependants join (family plan, spec 6)"
    dependantOrganizations: [ID!]!
    "spec 3 partner (id, name); null when the organization has none (no partner theme to ask for)"
    partner: MemberOrganizationPartner
  }
  type MemberOrganizationPartner {
    partnerId: ID!
    partnerName: String!
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
    Member: {
      // Every path that presents a member (sessions, getMember, updateMember) gets its organization here.
      organization: (member: MemberDto): Promise<MemberDto['organization']> | MemberDto['organization'] =>
        member.organization ?? (member.organizationId ? members.organizationOf(member.organizationId) : null),
    },
    MemberOrganization: {
      partner: (organization: NonNullable<MemberDto['organization']>) => members.organizationPartner(organization.id),
    },
  };
}
