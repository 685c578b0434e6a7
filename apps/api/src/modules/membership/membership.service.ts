import type { MemberLedgerResponse, SubscriptionDto, SubscriptionProductDto } from '@puente/contracts';
import { deriveAccess, hasLiveAccess, isUuid, pricePlans, trialGrant, type EntitlementEvent, type EntitlementSource, type MemberAccess, type TrialKind } from '@puente/domain';
import type { Db } from '../../db/client';
import type { EntitlementEventRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import type { Actor } from '../auth/session-scope';
import type { MembersService } from '../members/members.service';
import { MembershipRepository } from './membership.repository';
import { presentAccess, presentLedger, presentProduct, toDomainEvent } from './membership.presenter';
import type { MembershipSettings } from './membership.settings';

export interface MembershipServiceDeps {
  repository: MembershipRepository;
  clock: Clock;
  settings: MembershipSettings;
  members: Pick<MembersService, 'findById' | 'organizationOf'>;
  audit: AuditService;
}

/** An event for the ledger: what happened, where it came from and the key that makes it happen once. */
export interface LedgerWrite {
  memberId: string;
  event: EntitlementEvent;
  origin: string;
  dedupeKey: string;
  amountMinor?: number | null;
}

/**
 * Membership (issue 14): the plans, and the one entitlement ledger every source of access writes
 * to. The member's access is always derived from the ledger by the domain (deriveAccess); the
 * organization link and the sign-up trial are written to it as events too.
 */
export class MembershipService {
  constructor(private readonly deps: MembershipServiceDeps) {}

  /** GET /api/configs/products: the plans in spec 9 order with their derived prices. */
  products(): SubscriptionProductDto[] {
    return pricePlans(this.deps.settings.prices).map((p) => presentProduct(p, this.deps.settings.storeProductPrefix));
  }

  /** Appends one event (idempotent by its dedupe key); false when it had already been written. */
  async record(write: LedgerWrite, tx?: Db): Promise<boolean> {
    const repo = tx ? new MembershipRepository(tx) : this.deps.repository;
    const e = write.event;
    const stored = await repo.append({
      memberId: write.memberId,
      source: e.source,
      kind: e.kind,
      entitlementKey: e.entitlementKey,
      occurredAt: e.occurredAt,
      planId: e.planId ?? null,
      expiresAt: e.expiresAt ?? null,
      autoRenew: e.autoRenew ?? null,
      currency: e.currency ?? null,
      amountMinor: write.amountMinor ?? null,
      organizationId: e.organizationId ?? null,
      organizationName: e.organizationName ?? null,
      referrerId: e.referrerId ?? null,
      origin: write.origin,
      dedupeKey: write.dedupeKey,
    });
    return stored !== undefined;
  }

  /** spec 9: a member who signs up without an organization starts the 45-day trial (once). */
  async startSignUpTrial(member: Pick<UserRow, 'id' | 'organizationId' | 'createdAt'>, tx?: Db): Promise<void> {
    if (member.organizationId) return;
    await this.grantTrial(member.id, 'sign-up', member.createdAt, tx);
  }

  /** spec 8/9: a withdrawn invitation offers a 30-day free trial (once per member). */
  async grantWithdrawnInvitationTrial(memberId: string): Promise<SubscriptionDto | null> {
    await this.grantTrial(memberId, 'withdrawn-invitation', this.deps.clock.now());
    return this.subscriptionOf(memberId);
  }

  /**
   * POST /api/membership/invitation-trial: the member whose family invitation was withdrawn (her
   * access ended with removed-from-family-plan) starts the 30-day trial the spec offers, once.
   */
  async startInvitationTrial(actor: Actor): Promise<SubscriptionDto | null> {
    if (actor.userType !== 'member' || actor.sessionScope) throw new AppError('NOT_FOUND');
    const access = await this.accessOf(actor.id);
    if (access?.endReason !== 'removed-from-family-plan') throw new AppError('CONFLICT', { data: { reason: 'no-withdrawn-invitation' } });
    if (!(await this.grantTrial(actor.id, 'withdrawn-invitation', this.deps.clock.now()))) throw new AppError('CONFLICT', { data: { reason: 'trial-already-used' } });
    return this.subscriptionOf(actor.id);
  }

  /**
   * The family plan (its screens come later): a dependant shares her referrer's access for as long
   * as the referrer has it; removing her ends it (removed-from-family-plan). One event each.
   */
  async linkFamilyMember(dependantId: string, referrerId: string, tx?: Db): Promise<void> {
    const now = this.deps.clock.now();
    await this.record({
      memberId: dependantId,
      event: { source: 'family', kind: 'granted', entitlementKey: referrerId, occurredAt: now, expiresAt: null, referrerId },
      origin: 'family-linked',
      dedupeKey: `family:granted:${dependantId}:${referrerId}:${now.getTime()}`,
    }, tx);
  }

  async unlinkFamilyMember(dependantId: string, referrerId: string, tx?: Db): Promise<void> {
    const now = this.deps.clock.now();
    await this.record({
      memberId: dependantId,
      event: { source: 'family', kind: 'ended', entitlementKey: referrerId, occurredAt: now, referrerId },
      origin: 'family-unlinked',
      dedupeKey: `family:ended:${dependantId}:${referrerId}:${now.getTime()}`,
    }, tx);
  }

  private grantTrial(memberId: string, kind: TrialKind, start: Date, tx?: Db): Promise<boolean> {
    return this.record({ memberId, event: trialGrant(start, kind), origin: kind, dedupeKey: `trial:${kind}:${memberId}` }, tx);
  }

  /** The member an entitlement (a store subscription, a card subscription) belongs to, if any. */
  ownerOfEntitlement(source: EntitlementSource, entitlementKey: string): Promise<string | undefined> {
    return this.deps.repository.ownerOf(source, entitlementKey);
  }

  /** The member's current access (null: none ever recorded, e.g. staff). */
  async accessOf(memberId: string): Promise<MemberAccess | null> {
    const member = await this.deps.members.findById(memberId);
    if (!member || member.userType !== 'member') return null;
    return this.derive(member, true);
  }

  /** spec 7 getMember subscription. */
  async subscriptionOf(memberId: string): Promise<SubscriptionDto | null> {
    return presentAccess(await this.accessOf(memberId));
  }

  /**
   * The server side of the paywall (spec 8 payment-required): a member without live access who
   * asks for a consultation is refused, unless an organization covers her.
   */
  async assertCanConsult(actor: Pick<UserRow, 'id' | 'userType' | 'organizationId'>): Promise<void> {
    if (actor.userType !== 'member' || actor.organizationId) return;
    const access = await this.accessOf(actor.id);
    if (!hasLiveAccess(access)) throw new AppError('PAYMENT_REQUIRED', { data: { endReason: access?.endReason ?? null } });
  }

  /** GET /api/admin/members/{id}/entitlements: admins only (everyone else NOT_FOUND); audited. */
  async ledgerFor(actor: Actor, memberId: string): Promise<MemberLedgerResponse> {
    if (actor.userType !== 'admin' || actor.sessionScope) throw new AppError('NOT_FOUND');
    const member = isUuid(memberId) ? await this.deps.members.findById(memberId) : undefined;
    if (!member || member.userType !== 'member') throw new AppError('NOT_FOUND');
    const current = await this.derive(member, true);
    await this.deps.audit.record({ actor, action: 'read', resource: 'entitlements', subjectId: memberId });
    return presentLedger(await this.deps.repository.eventsOf(memberId), current);
  }

  private async derive(member: UserRow, reconcile: boolean): Promise<MemberAccess | null> {
    let rows = await this.deps.repository.eventsOf(member.id);
    if (reconcile && (await this.reconcile(member, rows))) rows = await this.deps.repository.eventsOf(member.id);
    const events = rows.map(toDomainEvent);
    // A dependant shares her referrer's own access (one level: a referrer is never a dependant).
    const referrerId = [...events].reverse().find((e) => e.source === 'family' && e.referrerId)?.referrerId;
    const referrer = referrerId ? await this.deps.members.findById(referrerId) : undefined;
    let referrerRows = referrer ? await this.deps.repository.eventsOf(referrer.id) : [];
    // The referrer's own ledger is reconciled too (her organization's grant), so it answers for both.
    if (referrer && reconcile && (await this.reconcile(referrer, referrerRows))) referrerRows = await this.deps.repository.eventsOf(referrer.id);
    const referrerAccess = referrer ? deriveAccess(referrerRows.map(toDomainEvent), this.deps.clock.now()) : null;
    return deriveAccess(events, this.deps.clock.now(), { referrerAccess });
  }

  /**
   * Writes what the ledger is missing: the organization link as an employer grant (and its end
   * when she left), and the sign-up trial for a member with no ledger at all (members who joined
   * before the ledger existed get theirs on first read). True when something was written.
   */
  private async reconcile(member: UserRow, rows: EntitlementEventRow[]): Promise<boolean> {
    const now = this.deps.clock.now();
    const derived = deriveAccess(rows.map(toDomainEvent).filter((e) => e.source === 'employer'), now);
    const liveEmployer = derived && derived.endReason === null ? derived.organizationId : null;
    let wrote = false;
    if (liveEmployer && liveEmployer !== member.organizationId) {
      wrote = await this.record({
        memberId: member.id,
        event: { source: 'employer', kind: 'ended', entitlementKey: liveEmployer, occurredAt: now, organizationId: liveEmployer },
        origin: 'organization-unlinked',
        dedupeKey: `employer:ended:${member.id}:${liveEmployer}:${now.getTime()}`,
      });
    }
    if (member.organizationId && liveEmployer !== member.organizationId) {
      const org = await this.deps.members.organizationOf(member.organizationId);
      wrote =
        (await this.record({
          memberId: member.id,
          event: { source: 'employer', kind: 'granted', entitlementKey: member.organizationId, occurredAt: now, expiresAt: null, organizationId: member.organizationId, organizationName: org?.name ?? null },
          origin: 'organization-linked',
          dedupeKey: `employer:granted:${member.id}:${member.organizationId}:${now.getTime()}`,
        })) || wrote;
    }
    if (rows.length === 0 && !member.organizationId) wrote = (await this.grantTrial(member.id, 'sign-up', now)) || wrote;
    return wrote;
  }
}
