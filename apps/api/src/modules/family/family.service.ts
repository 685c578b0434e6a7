import { randomBytes, randomUUID } from 'node:crypto';
import type { DependantRemovalDto, DependantsResponse, DependantDto, InvitationTokenResponse } from '@puente/contracts';
import { addDependantsInputSchema, invitationLinkInputSchema, invitationTokenQuerySchema } from '@puente/contracts';
import { buildPath, canAddDependant, dependantOrganizationsFromSettings, dependantsToUnlinkBeforeDeletion, isUuid, LIMITS, PRODUCT_NAME, remainingDependantSlots, roleAfterUnlink, TEMP_DEPENDANT_ID_PREFIX, TRIAL, type Language } from '@puente/domain';
import type { Db } from '../../db/client';
import type { DependantRow, OrganizationRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import type { Clock } from '../../lib/clock';
import { hashToken } from '../../lib/secrets';
import type { SmsProvider } from '../../providers/sms/sms.provider';
import { refuseGuest, type Actor } from '../auth/session-scope';
import type { MembersService } from '../members/members.service';
import type { MembershipService } from '../membership/membership.service';
import type { OrganizationsService } from '../organizations/organizations.service';
import { FamilyRepository } from './family.repository';

export interface FamilyDeps {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  publicUrl: string;
  membership: Pick<MembershipService, 'linkFamilyMember' | 'unlinkFamilyMember' | 'grantWithdrawnInvitationTrial'>;
  /** Referrers and dependants are member accounts (the members module's). */
  members: Pick<MembersService, 'findById'>;
  /** A referrer's organization decides whether the plan is offered (the organizations module's). */
  organizations: Pick<OrganizationsService, 'findEnabled'>;
}

const MESSAGES = {
  invitationSms: {
    es: 'Puente: {referrer} te invitó a su plan familiar. Entra con este número aquí: {url}',
    en: 'Puente: {referrer} invited you to their family plan. Sign in with this number here: {url}',
  },
} as const;

/** The organization's dependant organizations (spec 3); the family plan is offered only where there are some (spec 6). */
const dependantOrganizationsOf = (org: Pick<OrganizationRow, 'settings'> | null | undefined): string[] => dependantOrganizationsFromSettings(org?.settings);

const present = (row: DependantRow): DependantDto => ({
  memberId: row.memberId,
  alias: row.alias,
  phoneNumber: row.phoneNumber,
  invitationStatus: row.invitationStatus,
  preferredLang: row.preferredLang,
});

const nameOf = (u: Pick<UserRow, 'firstName' | 'lastName'>): string => [u.firstName, u.lastName].filter(Boolean).join(' ') || PRODUCT_NAME;

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * Family plans (issue 15): a referrer invites up to 3 dependants by phone; each gets a texted link;
 * signing in through it accepts the invitation and appends a family grant to her ledger (her access
 * is then derived from the referrer's own, membership deriveAccess); unlinking appends its end.
 * Every call checks that the actor is the member named (others: NOT_FOUND).
 */
export class FamilyService {
  private readonly repo: FamilyRepository;

  constructor(private readonly deps: FamilyDeps) {
    this.repo = new FamilyRepository(deps.db);
  }

  /** The actor herself, a member of an organization offering the family plan; else NOT_FOUND. */
  private async referrer(actor: Actor, memberId: string): Promise<{ user: UserRow; organizationId: string | null }> {
    refuseGuest(actor);
    if (actor.userType !== 'member' || actor.id !== memberId) throw new AppError('NOT_FOUND');
    const user = await this.deps.members.findById(actor.id);
    if (!user) throw new AppError('NOT_FOUND');
    const org = user.organizationId ? await this.deps.organizations.findEnabled({ orgId: user.organizationId }) : undefined;
    const dependantOrgs = dependantOrganizationsOf(org);
    // A dependant is never a referrer herself (one level).
    if (dependantOrgs.length === 0 || (await this.repo.asDependant(user.id))) throw new AppError('NOT_FOUND');
    return { user, organizationId: dependantOrgs[0] ?? null };
  }

  private async list(referrerId: string, db: Db = this.deps.db): Promise<DependantsResponse> {
    const rows = await new FamilyRepository(db).listOf(referrerId);
    return { dependants: rows.map(present), slotsLeft: remainingDependantSlots(rows.length) };
  }

  /** getDependants(memberId) / GET /api/member/{id}/dependants. */
  async getDependants(actor: Actor, memberId: string): Promise<DependantsResponse> {
    await this.referrer(actor, memberId);
    return this.list(memberId);
  }

  /**
   * addDependants(memberId, dependants[]): all or none. Each takes the lowest free slot (1..3) in
   * the database; a slot another add took meanwhile is retried, and no free slot is LIMIT_EXCEEDED.
   */
  async addDependants(actor: Actor, memberId: string, input: unknown): Promise<DependantsResponse> {
    const { user } = await this.referrer(actor, memberId);
    const { dependants: items } = parseWith(addDependantsInputSchema, input);
    const now = this.deps.clock.now();
    const phones = items.map((d) => `+${d.countryCode}${d.phoneNumber}`);
    if (phones.includes(user.phoneNumber ?? '') || new Set(phones).size !== phones.length) {
      throw new AppError('INVALID_DATA', { fields: { phoneNumber: 'add_dependant_phone_already_invited' } });
    }
    const sent: { row: DependantRow; token: string }[] = [];
    try {
      await this.deps.db.transaction(async (tx) => {
        const repo = new FamilyRepository(tx);
        for (const [i, item] of items.entries()) {
          let row: DependantRow | undefined;
          for (let attempt = 0; !row; attempt++) {
            const taken = new Set((await repo.listOf(user.id)).map((r) => r.slot));
            if (!canAddDependant(taken.size) || attempt > LIMITS.maxDependants) throw new AppError('LIMIT_EXCEEDED');
            let slot = 1;
            while (taken.has(slot)) slot++;
            row = await repo.insertInSlot({
              referrerId: user.id,
              slot,
              memberId: `${TEMP_DEPENDANT_ID_PREFIX}${randomUUID()}`,
              alias: item.alias,
              phoneNumber: phones[i]!,
              preferredLang: item.preferredLang,
              invitedAt: now,
            });
          }
          const token = randomBytes(24).toString('base64url');
          await repo.insertInvitation({ tokenHash: hashToken(token), referrerId: user.id, dependantId: row.id, createdAt: now });
          sent.push({ row, token });
        }
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (isUniqueViolation(err)) throw new AppError('INVALID_DATA', { fields: { phoneNumber: 'add_dependant_phone_already_invited' } });
      throw err;
    }
    for (const s of sent) await this.text(user, s.row, s.token);
    return this.list(user.id);
  }

  private async text(referrer: UserRow, row: DependantRow, token: string): Promise<void> {
    const lang: Language = row.preferredLang;
    const url = `${this.deps.publicUrl}${buildPath('login')}?${new URLSearchParams({ invitationToken: token, phonenumber: row.phoneNumber, lang }).toString()}`;
    const body = MESSAGES.invitationSms[lang].replace('{referrer}', nameOf(referrer)).replace('{url}', url);
    await this.deps.sms.send({ to: row.phoneNumber, body });
  }

  /** POST /api/member/invitation-link: a new link for a pending dependant (the older ones stop working). */
  async resendInvitation(actor: Actor, input: unknown): Promise<{ sent: true }> {
    const body = parseWith(invitationLinkInputSchema, input);
    const { user } = await this.referrer(actor, body.referalId);
    const row = await this.repo.byMemberId(user.id, body.dependantMemberId);
    if (!row || row.invitationStatus !== 'PENDING') throw new AppError('NOT_FOUND');
    const now = this.deps.clock.now();
    const token = randomBytes(24).toString('base64url');
    await this.deps.db.transaction(async (tx) => {
      const repo = new FamilyRepository(tx);
      await repo.revokeInvitations(row.id, now);
      await repo.insertInvitation({ tokenHash: hashToken(token), referrerId: user.id, dependantId: row.id, createdAt: now });
    });
    await this.text(user, row, token);
    return { sent: true };
  }

  /**
   * INVITATION_EXPIRED with the referrer's name and the trial's length (spec 8/9). Before sign-in
   * (`link`) it also carries the ids the app keeps, so once she has signed in updateDependant
   * answers the same and starts her 30-day trial.
   */
  private async expired(referrerId: string, actor?: Actor | null, link?: { dependantMemberId: string }): Promise<never> {
    const referrer = await this.deps.members.findById(referrerId);
    if (!referrer) throw new AppError('NOT_FOUND');
    // spec 8/9: a withdrawn invitation offers a 30-day free trial (to whoever followed it, once).
    if (actor && actor.userType === 'member' && actor.id !== referrerId) await this.deps.membership.grantWithdrawnInvitationTrial(actor.id);
    const data = { referrerName: nameOf(referrer), trialDays: TRIAL.invitationTrialDays, ...(link ? { referalId: referrerId, dependantMemberId: link.dependantMemberId } : {}) };
    throw new AppError('INVITATION_EXPIRED', { data });
  }

  /** GET /api/member/invitation-token: public (she has not signed in yet). */
  async invitationToken(query: unknown): Promise<InvitationTokenResponse> {
    const { invitationToken } = parseWith(invitationTokenQuerySchema, query);
    const invitation = await this.repo.invitation(hashToken(invitationToken));
    if (!invitation) throw new AppError('NOT_FOUND');
    const row = invitation.dependantId ? await this.repo.byId(invitation.dependantId) : undefined;
    if (!row || invitation.revokedAt || row.invitationStatus !== 'PENDING') {
      // A withdrawn dependant's row is gone: any temporary id finds nothing and answers expired.
      return this.expired(invitation.referrerId, null, { dependantMemberId: row?.invitationStatus === 'PENDING' ? row.memberId : `${TEMP_DEPENDANT_ID_PREFIX}withdrawn` });
    }
    const referrer = await this.deps.members.findById(row.referrerId);
    if (!referrer) throw new AppError('NOT_FOUND');
    const org = referrer.organizationId ? await this.deps.organizations.findEnabled({ orgId: referrer.organizationId }) : undefined;
    return { referalId: referrer.id, referalOrganizationId: dependantOrganizationsOf(org)[0] ?? null, dependantMemberId: row.memberId, referrerName: nameOf(referrer) };
  }

  /**
   * updateDependant(currentMemberId, referralId, dependantTempId): the invited member, signed in
   * with the invited phone, accepts. Her temporary id becomes her member id and the family grant
   * is appended to her ledger in the same transaction.
   */
  async acceptInvitation(actor: Actor, args: { currentMemberId: string; referralId: string; dependantTempId: string }): Promise<DependantDto> {
    refuseGuest(actor);
    if (actor.userType !== 'member' || actor.id !== args.currentMemberId || !isUuid(args.referralId)) throw new AppError('NOT_FOUND');
    // Accepting again (a second tab, a reload) answers with her place in that family.
    const mine = await this.repo.asDependant(actor.id);
    if (mine && mine.referrerId === args.referralId) return present(mine);
    const row = await this.repo.byMemberId(args.referralId, args.dependantTempId);
    if (!row || row.invitationStatus !== 'PENDING') return this.expired(args.referralId, actor);
    if (row.phoneNumber !== actor.phoneNumber) throw new AppError('NOT_FOUND');
    if ((await this.repo.listOf(actor.id)).length > 0 || (await this.repo.asDependant(actor.id))) throw new AppError('CONFLICT');
    const now = this.deps.clock.now();
    const accepted = await this.deps.db.transaction(async (tx) => {
      const repo = new FamilyRepository(tx);
      const done = await repo.accept(row.id, actor.id, now);
      if (!done) throw new AppError('CONFLICT');
      await repo.revokeInvitations(row.id, now);
      await this.deps.membership.linkFamilyMember(actor.id, row.referrerId, tx);
      return done;
    });
    return present(accepted);
  }

  /** deleteDependant(referralId, dependantId): the referrer unlinks one (pending: the link is withdrawn). */
  async deleteDependant(actor: Actor, referralId: string, dependantId: string): Promise<DependantRemovalDto> {
    const { user } = await this.referrer(actor, referralId);
    const row = await this.repo.byMemberId(user.id, dependantId);
    if (!row) throw new AppError('NOT_FOUND');
    await this.deps.db.transaction((tx) => this.unlink(row, tx));
    return this.afterRemoval(user);
  }

  /** deleteAllDependants(memberId). */
  async deleteAllDependants(actor: Actor, memberId: string): Promise<DependantRemovalDto> {
    const { user } = await this.referrer(actor, memberId);
    await this.deps.db.transaction(async (tx) => {
      for (const row of await new FamilyRepository(tx).listOf(user.id)) await this.unlink(row, tx);
    });
    return this.afterRemoval(user);
  }

  private async afterRemoval(user: UserRow): Promise<DependantRemovalDto> {
    const list = await this.list(user.id);
    const family = await this.repo.asDependant(user.id);
    return { ...list, role: roleAfterUnlink({ hasDependants: list.dependants.length > 0, referredById: family?.referrerId ?? null }) };
  }

  /** Removes the row; an accepted dependant's family access ends with an unlink event. */
  private async unlink(row: DependantRow, tx: Db): Promise<void> {
    await new FamilyRepository(tx).remove(row.id);
    if (row.userId && row.invitationStatus === 'ACCEPTED') await this.deps.membership.unlinkFamilyMember(row.userId, row.referrerId, tx);
  }

  /** The referrer whose family plan this member accepted, if any (a member's referredById, spec 3). */
  acceptedReferrerId(memberId: string): Promise<string | undefined> {
    return this.repo.acceptedReferrerId(memberId);
  }

  /**
   * spec 4 account deletion: a dependant leaves her referrer's list; a referrer first has every
   * dependant removed (an unlink event for each non-temporary one). In the deletion's transaction.
   */
  async removeForDeletion(userId: string, tx: Db): Promise<void> {
    const rows = await new FamilyRepository(tx).involving(userId);
    const asDependant = rows.filter((r) => r.userId === userId);
    const asReferrer = rows.filter((r) => r.referrerId === userId);
    for (const row of asDependant) await this.unlink(row, tx);
    const toUnlink = new Set(dependantsToUnlinkBeforeDeletion(asReferrer).map((r) => r.id));
    for (const row of asReferrer) {
      if (toUnlink.has(row.id)) await this.unlink(row, tx);
      else await new FamilyRepository(tx).remove(row.id);
    }
  }
}
