import type { Db } from '../../db/client';
import type { ChangeLanguageResponse, MemberDto, VerifyEmailResponse, ZipCodeLookupResponse } from '@puente/contracts';
import { birthdayIssue, buildPath, HEALTH_PROFILE_FIELDS, isProfileIncomplete, MEMBER_UPDATE_WHITELIST, memberUpdateSchema, ONBOARDING_KEYS, organizationOffers, sameItem, TIMERS, toIsoDay, type Language, type MemberUpdate } from '@puente/domain';
import type { NewUserRow, UserRow } from '../../db/schema';
import { AppError, fromZodError } from '../../errors';
import { refuseGuest, type Actor } from '../auth/session-scope';
import type { Clock } from '../../lib/clock';
import { hashToken, newToken } from '../../lib/secrets';
import type { AuditService } from '../audit/audit.service';
import type { EmailProvider } from '../../providers/email/email.provider';
import { presentMember } from '../members/members.presenter';
import type { MembersService } from '../members/members.service';
import { profilePolicy } from './profile.policy';
import { verificationEmail } from './profile.messages';
import { lookupUsZipCode } from './zip-codes';
import type { JobRunner } from '../../lib/jobs';

export interface ProfileServiceDeps {
  /** The profile's columns are the users table's, the members module's (issue 9). */
  members: Pick<MembersService, 'findById' | 'organizationOf' | 'updateActive' | 'findByEmailVerificationCodeHash' | 'markEmailVerified' | 'dueForEmailReminder' | 'claimEmailReminder'>;
  clock: Clock;
  email: EmailProvider;
  /** Where the verification link points (the web app's origin). */
  publicUrl: string;
  log?: { error(obj: unknown, msg: string): void };
  /** Her own address corrections are audited (issue 12). */
  audit: Pick<AuditService, 'recordOwnChange'>;
  /** spec 7 member-data-update: her other signed-in devices hear what changed (the realtime gateway). */
  memberChanged?: (memberId: string, member: Partial<MemberDto>) => void;
}

// Not in the spec: the reminder sweep runs every minute, so a reminder leaves at most a minute late.
export const EMAIL_REMINDER_SWEEP_MS = 60_000;
// Not in the spec: at most this many reminders per sweep, so one tick stays short.
const REMINDER_BATCH = 100;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The member's own changes that are audited even though she made them (issue 12). */
const OWN_CHANGES_TRACED = [
  { field: 'address', resource: 'member-address' },
  { field: 'pharmacy', resource: 'member-pharmacy' },
] as const;

/** The profile of a member: updateMember (whitelist), terms, language, zip lookup, email verification. */
export class ProfileService {
  constructor(private readonly deps: ProfileServiceDeps) {}

  /**
   * spec 7 updateMember(memberId, data). spec 5: only the whitelist of fields is accepted; any
   * other field is refused (400 INVALID_DATA naming it) rather than dropped silently. Another
   * member's id is NOT_FOUND.
   */
  async updateMember(actor: Actor, memberId: string, data: unknown): Promise<MemberDto> {
    // A guest-link session only takes part in its call: it never changes the member's account.
    refuseGuest(actor);
    if (!profilePolicy.canUpdateProfile(actor, memberId)) throw new AppError('NOT_FOUND');
    if (!isPlainObject(data)) throw new AppError('INVALID_DATA', { fields: { data: 'invalid_member_update' } });
    const refused = Object.keys(data).filter((k) => !(MEMBER_UPDATE_WHITELIST as readonly string[]).includes(k));
    if (refused.length > 0) throw new AppError('INVALID_DATA', { fields: Object.fromEntries(refused.map((k) => [k, 'field_not_allowed'])) });
    const parsed = memberUpdateSchema.safeParse(data);
    if (!parsed.success) throw fromZodError(parsed.error);
    const patch = parsed.data;
    const now = this.deps.clock.now();

    const current = await this.deps.members.findById(actor.id);
    if (!current) throw new AppError('USER_NOT_FOUND');
    if (patch.birthday !== undefined && patch.birthday !== null) {
      const problem = birthdayIssue(patch.birthday, now, current.timeZone ?? undefined);
      if (problem) throw new AppError('INVALID_DATA', { fields: { birthday: problem } });
    }

    await this.checkOrganizationRequirements(current, patch);
    const values = this.toColumns(patch, current, now);
    // Issue 11: any answer to the health profile (even all empty: "nothing to declare") is remembered on her account.
    if (HEALTH_PROFILE_FIELDS.some((f) => patch[f] !== undefined)) values.healthProfileAnsweredAt = now;
    let verificationCode: string | undefined;
    const newEmail = patch.email === undefined ? undefined : patch.email === null ? null : patch.email.trim();
    if (newEmail !== undefined && (newEmail ?? '').toLowerCase() !== (current.email ?? '').toLowerCase()) {
      values.email = newEmail;
      values.emailVerifiedAt = null;
      values.emailVerificationReminderSentAt = null;
      if (newEmail) {
        verificationCode = newToken();
        values.emailVerificationCodeHash = hashToken(verificationCode);
        values.emailVerificationSentAt = now;
      } else {
        values.emailVerificationCodeHash = null;
        values.emailVerificationSentAt = null;
      }
    }
    // The address and the pharmacy decide where care and prescriptions go: the member's own change
    // of either leaves a trace (field names only), in the same transaction as the change. So does
    // her health profile (issue 11: editable by the member and by the clinician, audited): the
    // allergies are what the prescription check reads; one row under the clinician's resource name.
    const healthFields = HEALTH_PROFILE_FIELDS.filter((f) => patch[f] !== undefined);
    const traced: { resource: string; fields: string[] }[] = [
      ...OWN_CHANGES_TRACED.filter((t) => patch[t.field] !== undefined).map((t) => ({ resource: t.resource, fields: [t.field] })),
      ...(healthFields.length > 0 ? [{ resource: 'health-profile', fields: [...healthFields] }] : []),
    ];
    const audit = this.deps.audit;
    const trace = traced.length > 0 ? (tx: Db) => Promise.all(traced.map((t) => audit.recordOwnChange({ actor, action: 'update', resource: t.resource, subjectId: actor.id, fields: t.fields }, tx))) : undefined;
    const row = await this.deps.members.updateActive(actor.id, { ...values, updatedAt: now }, trace);
    if (!row) throw new AppError('USER_NOT_FOUND');
    if (verificationCode && row.email) await this.sendVerification(row, verificationCode, 'first');
    const member = presentMember(row);
    // (Her organization is not read here: left out, not sent as none.)
    const { organization: _unread, ...changed } = member;
    this.deps.memberChanged?.(row.id, changed);
    return member;
  }

  /** spec 7 "accept terms (returns an agreement date)"; the mustAcceptTos dialog's accept button. */
  async acceptTerms(actor: Actor): Promise<string> {
    refuseGuest(actor);
    const now = this.deps.clock.now();
    const row = await this.deps.members.updateActive(actor.id, { agreedTosAt: now, needsToAcceptTerms: false, updatedAt: now });
    if (!row?.agreedTosAt) throw new AppError('USER_NOT_FOUND');
    return row.agreedTosAt.toISOString();
  }

  /** POST /api/users/{id}/language/{lang} (spec 7). */
  async changeLanguage(actor: Actor, memberId: string, lang: Language): Promise<ChangeLanguageResponse> {
    refuseGuest(actor);
    if (!profilePolicy.canUpdateProfile(actor, memberId)) throw new AppError('NOT_FOUND');
    const row = await this.deps.members.updateActive(actor.id, { preferredLang: lang, updatedAt: this.deps.clock.now() });
    if (!row) throw new AppError('USER_NOT_FOUND');
    return { preferredLang: row.preferredLang };
  }

  /** GET /api/zip-codes/{zip}: a five-digit US zip to its state and city (spec 5). */
  lookupZipCode(zip: string): ZipCodeLookupResponse {
    const found = lookupUsZipCode(zip);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  /** The code from the link in the verification email; works once, and only while it is the latest. */
  async verifyEmail(code: string): Promise<VerifyEmailResponse> {
    const codeHash = hashToken(code);
    const row = await this.deps.members.findByEmailVerificationCodeHash(codeHash);
    if (!row?.email) throw new AppError('TOKEN_INVALID');
    const verified = await this.deps.members.markEmailVerified(row.id, codeHash, this.deps.clock.now());
    if (!verified?.email) throw new AppError('TOKEN_INVALID');
    return { verified: true, email: verified.email };
  }

  /**
   * spec 4/9: a reminder 24 hours after the verification email when still unverified. Sent once per
   * address; the scheduler calls this, reading the injectable clock (tests move it).
   */
  async sendDueReminders(): Promise<number> {
    const now = this.deps.clock.now();
    const due = await this.deps.members.dueForEmailReminder(new Date(now.getTime() - TIMERS.emailVerificationReminderMs), REMINDER_BATCH);
    let sent = 0;
    for (const member of due) {
      const code = newToken();
      if (!(await this.deps.members.claimEmailReminder(member.id, hashToken(code), now))) continue;
      try {
        await this.sendVerification(member, code, 'reminder');
        sent++;
      } catch (err) {
        this.deps.log?.error({ err, memberId: member.id }, 'email verification reminder failed');
      }
    }
    return sent;
  }

  private async sendVerification(member: UserRow, code: string, kind: 'first' | 'reminder'): Promise<void> {
    if (!member.email) return;
    const lang = member.preferredLang;
    const url = new URL(buildPath('verifiedEmail'), this.deps.publicUrl);
    // spec 2: the verified-email screen needs supportSignUp, success and code; lang is es or en.
    url.search = new URLSearchParams({ supportSignUp: 'false', success: 'true', code, lang }).toString();
    const { subject, body } = verificationEmail(lang, url.toString(), kind);
    await this.deps.email.send({ to: member.email, subject, body });
  }

  /**
   * spec 6 organization settings, on the server as in the form: the save that completes a member's
   * onboarding must carry what her organization requires (REQUIRES_IDENTIFICATION_NUMBER,
   * REQUIRES_LAB_CONSENT, REQUIRES_HEALTH_SCREENING_CONSENT; the birthday unless
   * MINIMAL_ONBOARDING), and a later change may not take a required answer away. Members with no
   * organization are not held to these.
   */
  private async checkOrganizationRequirements(current: UserRow, patch: MemberUpdate): Promise<void> {
    if (current.userType !== 'member' || !current.organizationId) return;
    const org = await this.deps.members.organizationOf(current.organizationId);
    if (!org) return;
    const offers = organizationOffers(org.settings);
    const minimal = { minimalOnboarding: offers.minimalOnboarding };
    const after = {
      firstName: patch.firstName !== undefined ? patch.firstName : current.firstName,
      lastName: patch.lastName !== undefined ? patch.lastName : current.lastName,
      phoneNumber: current.phoneNumber,
      address: patch.address !== undefined ? patch.address : current.address,
    };
    const completing = isProfileIncomplete(current, minimal) && !isProfileIncomplete(after, minimal);
    const fields: Record<string, string> = {};
    const idNumber = patch.identificationNumber !== undefined ? patch.identificationNumber : current.identificationNumber;
    if (offers.requiresIdentificationNumber && (completing || patch.identificationNumber !== undefined) && !idNumber?.trim()) fields.identificationNumber = ONBOARDING_KEYS.identificationNumber;
    const lab = patch.labConsent !== undefined ? patch.labConsent.wasInfoProvided : current.labConsent;
    if (offers.requiresLabConsent && (completing || patch.labConsent !== undefined) && lab !== 'provided_yes' && lab !== 'provided_no') fields.labConsent = ONBOARDING_KEYS.labConsent;
    if (offers.requiresHealthScreeningConsent && completing && !current.healthScreeningConsentAt && patch.healthScreeningConsent !== true) fields.healthScreeningConsent = ONBOARDING_KEYS.healthScreeningConsent;
    const birthday = patch.birthday !== undefined ? patch.birthday : current.birthday;
    if (!offers.minimalOnboarding && completing && (birthday === null || birthday === undefined || birthday === '')) fields.birthday = ONBOARDING_KEYS.birthdayRequired;
    if (Object.keys(fields).length > 0) throw new AppError('INVALID_DATA', { fields });
  }

  private toColumns(p: MemberUpdate, current: UserRow, now: Date): Partial<NewUserRow> {
    const v: Partial<NewUserRow> = {};
    if (p.firstName !== undefined) v.firstName = p.firstName;
    if (p.lastName !== undefined) v.lastName = p.lastName;
    if (p.nickName !== undefined) v.nickName = p.nickName;
    if (p.birthday !== undefined) v.birthday = p.birthday === null ? null : (toIsoDay(p.birthday) ?? null);
    if (p.sex !== undefined) v.sex = p.sex;
    if (p.gender !== undefined) v.gender = p.gender;
    if (p.address !== undefined) {
      const a = p.address;
      v.address = {
        ...(a.zipCode ? { zipCode: a.zipCode } : {}),
        ...(a.city ? { city: a.city } : {}),
        ...(a.state ? { state: a.state } : {}),
        ...(a.country ? { country: a.country.toUpperCase() } : {}),
      };
    }
    if (p.preferredLang !== undefined) v.preferredLang = p.preferredLang;
    if (p.consultationLang !== undefined) v.consultationLang = p.consultationLang;
    if (p.languages !== undefined) v.languages = p.languages;
    if (p.preferredContactMethod !== undefined) v.preferredContactMethod = p.preferredContactMethod;
    if (p.topicsOfInterest !== undefined) v.topicsOfInterest = [...new Set(p.topicsOfInterest)];
    if (p.height !== undefined) v.height = p.height;
    if (p.weight !== undefined) v.weight = p.weight;
    if (p.heightMetricSystem !== undefined) v.heightMetricSystem = p.heightMetricSystem;
    if (p.weightMetricSystem !== undefined) v.weightMetricSystem = p.weightMetricSystem;
    if (p.alergies !== undefined) v.alergies = p.alergies;
    if (p.medications !== undefined) v.medications = p.medications;
    if (p.medicalConditions !== undefined) v.medicalConditions = p.medicalConditions;
    // A surgery she names again keeps what her clinician recorded of it (the member's form has its
    // name only: her save dropped the date).
    if (p.surgeries !== undefined) v.surgeries = p.surgeries.map((s) => (s.date === undefined && s.howLong === undefined && s.dateApprox === undefined ? (current.surgeries.find((c) => sameItem(c.name, s.name)) ?? s) : s));
    if (p.identificationNumber !== undefined) v.identificationNumber = p.identificationNumber;
    if (p.labConsent !== undefined) {
      v.labConsent = p.labConsent.wasInfoProvided;
      v.labConsentUpdatedAt = now;
    }
    // The first consent time is kept; giving it again changes nothing.
    if (p.healthScreeningConsent === true && !current.healthScreeningConsentAt) v.healthScreeningConsentAt = now;
    if (p.insuranceInfo !== undefined) v.insuranceType = p.insuranceInfo?.typeOfInsurance ?? null;
    if (p.hasInsurance !== undefined) v.hasInsuranceInfoProvided = p.hasInsurance?.wasInfoProvided ?? null;
    if (p.pharmacy !== undefined) v.pharmacy = p.pharmacy;
    if (p.timeZone !== undefined) v.timeZone = p.timeZone;
    return v;
  }
}

export const EMAIL_REMINDERS_JOB = 'email-reminders';

/** The reminders sweep as a job of the server's runner (lib/jobs.ts): on an interval, never two at once. */
export function registerEmailReminders(jobs: JobRunner, profile: ProfileService, everyMs: number = EMAIL_REMINDER_SWEEP_MS): void {
  jobs.register(EMAIL_REMINDERS_JOB, everyMs, () => profile.sendDueReminders());
}
