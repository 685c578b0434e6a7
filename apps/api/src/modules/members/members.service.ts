import type { MemberCareView, MemberDto, MemberReadResponse, RecoveryCodeResponse } from '@puente/contracts';
import { dependantOrganizationsFromSettings, HEALTH_PROFILE_FIELDS, isUuid, mergeHealthProfileEdit, type HealthProfileEdit, type Language, type StaffType } from '@puente/domain';
import type { Db } from '../../db/client';
import type { WithTx } from '../../db/with-tx';
import type { NewUserRow, OrganizationRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { refuseGuest, type Actor } from '../auth/session-scope';
import { membersPolicy } from './members.policy';
import { organizationFlags, presentMember, presentMemberForCare } from './members.presenter';
import type { AppointmentsService } from '../appointments/appointments.service';
import type { AuditService } from '../audit/audit.service';
import { MembersRepository } from './members.repository';

/** A new member account: who signs up, in which language and how, with their contact details. */
export type NewMember = { lang: Language; loginType: string; organizationId: string | null; now: Date } & Partial<
  Pick<NewUserRow, 'phoneNumber' | 'countryCode' | 'email' | 'firstName' | 'lastName' | 'recoveryCodeHash' | 'recoveryCodePending'>
>;

/** What a member's view names from tables other modules own (issue 9: asked through their services). */
export interface MemberLinks {
  /** An enabled organization by id (ignored unless a UUID) or employer code (the organizations module's). */
  enabledOrganization(input: { orgId?: string | null; empCode?: string | null }, tx?: Db): Promise<OrganizationRow | undefined>;
  /** The referrer whose family plan this member accepted, if any (the family module's). */
  acceptedReferrerId(memberId: string): Promise<string | undefined>;
  /** The organization's partner (spec 3: id and name), if it has one (the organizations module's). */
  partnerOf(organizationId: string): Promise<{ partnerId: string; partnerName: string } | undefined>;
}

export class MembersService {
  constructor(
    private readonly members: MembersRepository,
    /** The audit log (modules/audit): reads of a member by anyone else are recorded. */
    private readonly audit: AuditService,
    /** Care relationships are the appointments module's to answer (its service, not its table). */
    private readonly care: Pick<AppointmentsService, 'hasCareRelationship'>,
    /** The membership module starts the sign-up trial in the same transaction (issue 14). */
    private readonly trials: { startSignUpTrial(member: UserRow, tx?: Db): Promise<void> },
    /** Organizations and family plans are their modules' tables: asked through their services (issue 9). */
    private readonly links: MemberLinks,
    /** spec 7 member-data-update: the member's signed-in devices hear what her clinician changed. */
    private readonly updates?: { memberChanged(memberId: string, member: Partial<MemberDto>): void },
  ) {}

  /**
   * The account behind an id, for another module that must name or authorize it (the users table
   * is this module's: issue 9, modules talk through services). Includes an erased account.
   */
  async account(id: string): Promise<UserRow | undefined> {
    return this.members.findAnyById(id);
  }

  /** These accounts (erased ones too), for another module that must name or reach them (e.g. a chat's people). */
  accounts(ids: readonly string[]): Promise<UserRow[]> {
    return this.members.findAnyByIds([...new Set(ids)]);
  }

  /** The first and last names of these accounts by id (another module naming authors, e.g. a record's). */
  async namesOf(ids: readonly string[]): Promise<Map<string, { firstName: string | null; lastName: string | null }>> {
    const rows = await this.members.namesOf([...new Set(ids)]);
    return new Map(rows.map((r) => [r.id, { firstName: r.firstName, lastName: r.lastName }]));
  }

  /**
   * GET /api/members/{id}: the member herself, an admin, or a physician with a care relationship.
   * Anyone else gets NOT_FOUND. Reads by others than the member are audited, refusals too.
   * Only the member gets her full view; everyone else gets the care view (presentMemberForCare).
   */
  async getMemberFor(actor: Actor, memberId: string): Promise<MemberReadResponse> {
    // A guest-link session has what its call needs (the session's own member); no profile reads.
    refuseGuest(actor);
    if (actor.id === memberId) return this.getOwnMember(actor);
    return this.getMemberForCare(actor, memberId);
  }

  /**
   * A member read by staff: the care view. Admins get it too, deliberately: HIPAA's minimum
   * necessary rule, and no admin screen reads this endpoint for contact or account data (support
   * work on an account goes through its own audited tools, not the clinical profile). Widen it
   * only for a named admin screen, with its own presenter.
   */
  private async getMemberForCare(actor: UserRow, memberId: string): Promise<MemberCareView> {
    if (!isUuid(memberId)) throw new AppError('NOT_FOUND');
    const row = await this.members.findById(memberId);
    const care = row && actor.userType !== 'member' && actor.userType !== 'admin' ? !!(await this.care.hasCareRelationship(actor.id, memberId)) : false;
    if (!row || row.userType !== 'member' || !membersPolicy.canStaffReadMember(actor, care)) {
      if (row) await this.audit.record({ actor, action: 'read-denied', resource: 'member', subjectId: memberId });
      throw new AppError('NOT_FOUND');
    }
    await this.audit.record({ actor, action: 'read', resource: 'member', subjectId: memberId });
    return presentMemberForCare(row);
  }

  /**
   * PATCH /api/members/{id}/health-profile (issue 11): the member's clinician (a coach or US doctor
   * with a care relationship) corrects her allergies, medications, conditions or surgeries. The
   * change and its audit row (field names only) commit together; anyone else gets NOT_FOUND.
   */
  async updateHealthProfileForCare(actor: Actor, memberId: string, edit: HealthProfileEdit): Promise<MemberCareView> {
    refuseGuest(actor);
    if (!isUuid(memberId)) throw new AppError('NOT_FOUND');
    const clinician = actor.userType === 'mx-physician' || actor.userType === 'us-physician';
    const row = await this.members.findById(memberId);
    const care = row && clinician ? !!(await this.care.hasCareRelationship(actor.id, memberId)) : false;
    if (!row || row.userType !== 'member' || !care) {
      if (row) await this.audit.record({ actor, action: 'read-denied', resource: 'health-profile', subjectId: memberId });
      throw new AppError('NOT_FOUND');
    }
    const { basedOn, ...next } = edit;
    const fields = HEALTH_PROFILE_FIELDS.filter((f) => next[f] !== undefined);
    if (fields.length === 0) throw new AppError('INVALID_DATA', { fields: { alergies: 'health_profile_empty' } });
    // Merged into the profile as it is now (with basedOn, what she read): an allergy the member
    // added while the clinician had it open is kept, not written over.
    const change = (current: UserRow): Partial<NewUserRow> => {
      const input = mergeHealthProfileEdit(current, basedOn, next);
      const values: Partial<NewUserRow> = {};
      if (input.alergies !== undefined) values.alergies = input.alergies;
      if (input.medications !== undefined) values.medications = input.medications;
      if (input.medicalConditions !== undefined) values.medicalConditions = input.medicalConditions;
      if (input.surgeries !== undefined) values.surgeries = input.surgeries.map((s) => ({ name: s.name, date: s.date ?? null, howLong: s.howLong ?? null, dateApprox: s.dateApprox ?? null }));
      return values;
    };
    const updated = await this.members.updateFrom(memberId, change, (tx) => this.audit.record({ actor, action: 'update', resource: 'health-profile', subjectId: memberId, fields }, tx));
    if (!updated) throw new AppError('NOT_FOUND');
    const view = presentMemberForCare(updated);
    this.updates?.memberChanged(memberId, { alergies: view.alergies, medications: view.medications, medicalConditions: view.medicalConditions, surgeries: view.surgeries });
    return view;
  }

  async getOwnMember(actor: UserRow): Promise<MemberDto> {
    const row = await this.members.findById(actor.id);
    if (!row) throw new AppError('USER_NOT_FOUND');
    const [organization, referrer] = await Promise.all([row.organizationId ? this.findOrganization({ orgId: row.organizationId }) : null, this.referrerOf(row.id)]);
    const referredByName = referrer ? [referrer.firstName, referrer.lastName].filter(Boolean).join(' ') || null : null;
    return { ...presentMember(row, organization), referredById: referrer?.id ?? null, referredByName };
  }

  /** The referrer (not erased) whose family plan this member accepted (spec 3 referredById / referredByName). */
  private async referrerOf(memberId: string): Promise<UserRow | undefined> {
    const referrerId = await this.links.acceptedReferrerId(memberId);
    return referrerId ? this.members.findById(referrerId) : undefined;
  }

  /** The member's organization as the member app sees it (name and canonical flags). */
  async organizationOf(organizationId: string): Promise<MemberDto['organization']> {
    const org = await this.findOrganization({ orgId: organizationId });
    return org ? { id: org.id, name: org.name, settings: organizationFlags(org), dependantOrganizations: dependantOrganizationsFromSettings(org.settings) } : null;
  }

  /** spec 3 Organization partner: the member app asks for a partner theme only when there is one. */
  async organizationPartner(organizationId: string): Promise<{ partnerId: string; partnerName: string } | null> {
    const partner = await this.links.partnerOf(organizationId);
    return partner ? { partnerId: partner.partnerId, partnerName: partner.partnerName } : null;
  }

  /** The recovery code is shown once to its owner; afterwards, and to anyone else, NOT_FOUND. */
  async takeRecoveryCode(actor: Actor, memberId: string): Promise<RecoveryCodeResponse> {
    refuseGuest(actor);
    if (!membersPolicy.canReadRecoveryCode(actor, memberId)) {
      // Someone else asked for a member's recovery code: refused, and recorded.
      if (isUuid(memberId) && (await this.members.findById(memberId))) {
        await this.audit.record({ actor, action: 'read-denied', resource: 'recovery-code', subjectId: memberId });
      }
      throw new AppError('NOT_FOUND');
    }
    const code = await this.members.takePendingRecoveryCode(actor.id);
    if (!code) throw new AppError('NOT_FOUND');
    return { recoveryCode: code };
  }

  // ---------------------------------------------------------------------------------------------
  // For other modules (auth, identity, staff-auth, call, profile, account deletion, organizations,
  // admin): the users table is read and written here, never through this module's repository.
  // `tx` joins the caller's transaction.

  findById(id: string, tx?: Db): Promise<UserRow | undefined> {
    return this.repoIn(tx).findById(id);
  }

  /** findById for many accounts at once (the session cache's batched lookups). */
  findByIds(ids: readonly string[]): Promise<UserRow[]> {
    return this.members.findByIds([...new Set(ids)]);
  }

  /** A staff account (not a member, not deleted) by email, case-insensitive (staff sign-in). */
  findStaffByEmail(email: string): Promise<UserRow | undefined> {
    return this.members.findStaffByEmail(email);
  }

  /** Accounts (not deleted) with this email or phone (an outside identity pointing at an account). */
  findAccountsMatching(email: string | null, phoneNumber: string | null, tx?: Db): Promise<UserRow[]> {
    return this.repoIn(tx).findAccountsMatching(email, phoneNumber);
  }

  /** The accounts (not deleted) of these types, e.g. every coach and US doctor (the physicians module's records). */
  activeAccountsOfTypes(types: readonly UserRow['userType'][], ids?: readonly string[]): Promise<UserRow[]> {
    return this.members.findActiveOfTypes(types, ids);
  }

  findActiveByPhone(phoneNumber: string, tx?: Db): Promise<UserRow | undefined> {
    return this.repoIn(tx).findActiveByPhone(phoneNumber);
  }

  update(id: string, values: Partial<NewUserRow>, tx?: Db): Promise<UserRow | undefined> {
    return this.repoIn(tx).update(id, values);
  }

  /** Adds a login type to the member's list if it is not there yet, and records it as the latest. */
  recordLoginType(id: string, loginType: string, now: Date, tx?: Db): Promise<UserRow | undefined> {
    return this.repoIn(tx).recordLoginType(id, loginType, now);
  }

  /**
   * The one way a member account is created (phone sign-up, social or email sign-in): the
   * language chosen is also the consultation language (spec 3), the terms are still to be
   * accepted, and the login type is the first of its list.
   */
  async createMember(input: NewMember, tx?: Db): Promise<UserRow> {
    const { lang, loginType, organizationId, now, ...contact } = input;
    const row = await this.repoIn(tx).insert({
      ...contact,
      userType: 'member',
      preferredLang: lang,
      consultationLang: lang, // spec 3: consultationLang defaults to preferredLang
      languages: [lang],
      loginType,
      loginTypes: [loginType],
      organizationId,
      needsToAcceptTerms: true,
      createdAt: now,
      updatedAt: now,
    });
    // spec 9: a member without an organization starts the free trial at sign-up.
    await this.trials.startSignUpTrial(row, tx);
    return row;
  }

  /** An enabled organization by id (ignored unless a UUID) or employer code. */
  findOrganization(input: { orgId?: string | null; empCode?: string | null }, tx?: Db): Promise<OrganizationRow | undefined> {
    return this.links.enabledOrganization(input, tx);
  }

  /** Updates an account that is not erased; `withTx` (the change's audit row) commits or rolls back with it. */
  updateActive(id: string, values: Partial<NewUserRow>, withTx?: WithTx): Promise<UserRow | undefined> {
    return this.members.updateWith(id, values, withTx);
  }

  /** The account (not erased) whose latest email verification code this is (the profile module's link). */
  findByEmailVerificationCodeHash(codeHash: string): Promise<UserRow | undefined> {
    return this.members.findByEmailVerificationCodeHash(codeHash);
  }

  /** Marks the email verified only if the code is still the current one; undefined otherwise. */
  markEmailVerified(id: string, codeHash: string, now: Date): Promise<UserRow | undefined> {
    return this.members.markEmailVerified(id, codeHash, now);
  }

  /** Accounts whose verification email went out at or before `sentBefore`, still unverified and not yet reminded. */
  dueForEmailReminder(sentBefore: Date, limit: number): Promise<UserRow[]> {
    return this.members.findDueForEmailReminder(sentBefore, limit);
  }

  /** Claims the verification reminder (one process wins) and stores the new code's hash. */
  claimEmailReminder(id: string, codeHash: string, now: Date): Promise<boolean> {
    return this.members.claimEmailReminder(id, codeHash, now);
  }

  /** Marks (or clears, with null) the account's deletion request (the account-deletion module's, issue 4). */
  setDeletionRequestedAt(id: string, at: Date | null, now: Date, tx?: Db): Promise<UserRow | undefined> {
    return this.repoIn(tx).setDeletionRequestedAt(id, at, now);
  }

  /** Accounts whose deletion was requested at or before `cutoff` and that are not erased yet. */
  dueForErasure(cutoff: Date, limit: number): Promise<UserRow[]> {
    return this.members.dueForErasure(cutoff, limit);
  }

  /** Erases the account's personal data in the caller's transaction; the pseudonymous row stays (KEPT_USER_COLUMNS). */
  erase(id: string, now: Date, tx?: Db): Promise<void> {
    return this.repoIn(tx).erase(id, now);
  }

  /** The account (not erased), locked until the caller's transaction ends (an organization link). */
  lockActive(id: string, tx: Db): Promise<UserRow | undefined> {
    return this.repoIn(tx).lockActive(id);
  }

  /** The accounts (not erased) linked to an organization, with what an eligibility roster matches on. */
  membersOfOrganization(organizationId: string, tx?: Db): Promise<{ id: string; phoneNumber: string | null; identificationNumber: string | null }[]> {
    return this.repoIn(tx).membersOfOrganization(organizationId);
  }

  /** The ids of the accounts linked to an organization now (the usage report of one organization). */
  memberIdsOfOrganization(organizationId: string): Promise<string[]> {
    return this.members.memberIdsOfOrganization(organizationId);
  }

  /** How many accounts (not erased) each organization has, by organization id (absent: none). */
  async countByOrganization(organizationIds: readonly string[]): Promise<Map<string, number>> {
    const rows = await this.members.countByOrganization([...new Set(organizationIds)]);
    return new Map(rows.map((r) => [r.organizationId, r.n]));
  }

  /** The admin console's staff list: accounts (not erased) of one staff type or all, by name or email. */
  staffPage(q: { userType?: StaffType; search?: string; offset: number; limit: number }): Promise<{ rows: UserRow[]; total: number }> {
    return this.members.staffPage(q);
  }

  /** A staff account (not erased) by id. */
  findStaffById(id: string, tx?: Db): Promise<UserRow | undefined> {
    return this.repoIn(tx).findStaffById(id);
  }

  /** Another staff account (not erased) already has this email, case-insensitive. */
  staffEmailTaken(email: string, exceptId?: string): Promise<boolean> {
    return this.members.staffEmailTaken(email, exceptId);
  }

  /** Creates a staff account (the admin console's), in the caller's transaction. */
  createStaff(values: NewUserRow & { userType: StaffType }, tx?: Db): Promise<UserRow> {
    return this.repoIn(tx).insert(values);
  }

  /** The admin console's member search: by id, by full phone number, or by its last 10 digits. */
  searchMembers(q: { id?: string; phone?: string; digits?: string; offset: number; limit: number }): Promise<{ rows: UserRow[]; total: number }> {
    return this.members.searchMembers(q);
  }

  /** Whether a member account (erased too) has this id. */
  memberExists(id: string): Promise<boolean> {
    return this.members.memberExists(id);
  }

  private repoIn(tx: Db | undefined): MembersRepository {
    return tx ? new MembersRepository(tx) : this.members;
  }
}
