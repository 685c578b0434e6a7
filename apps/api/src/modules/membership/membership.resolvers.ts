import type { MemberDto, SubscriptionDto } from '@puente/contracts';
import type { MembershipService } from './membership.service';

/** spec 7 getMember subscription: field names exactly as packages/contracts subscriptionSchema. */
export const membershipTypeDefs = /* GraphQL */ `
  "spec 3 Subscription, derived from the entitlement ledger"
  type Subscription {
    subscriptionId: String!
    "trial, applestore, playstore, card, employer, family or single-visit"
    type: String!
    status: String!
    expiresAt: String
    "whole days left; null = open-ended (an employer's benefit)"
    daysLeft: Int
    autoRenew: Boolean!
    provider: String
    currency: String!
    length: Int
    organizationName: String
    organizationId: ID
    "trial-expired, membership-expired, employer-benefit-ended or removed-from-family-plan; null while live"
    endReason: String
  }
  extend type Member {
    subscription: Subscription
  }
`;

export function membershipResolvers(membership: MembershipService) {
  return {
    Member: {
      // Every path that presents the member to herself (sessions, getMember, updateMember) carries her access.
      subscription: (member: MemberDto): Promise<SubscriptionDto | null> => membership.subscriptionOf(member.id),
    },
  };
}
