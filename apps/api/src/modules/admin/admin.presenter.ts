import type { AdminMemberDto, AuditEntryDto, StaffMemberDto } from '@puente/contracts';
import type { StaffType } from '@puente/domain';
import type { AuditLogRow, PhysicianProfileRow, UserRow } from '../../db/schema';

/** A staff account with what the console shows of it: professional profile, licences, authenticator. */
export interface StaffRecord {
  user: UserRow;
  profile: PhysicianProfileRow | undefined;
  licenses: { state: string; licenseNumber: string }[];
  totpEnrolled: boolean;
}

/** A staff member as the console shows her: no TOTP secret, no session, no phone. */
export function presentStaff(r: StaffRecord): StaffMemberDto {
  return {
    id: r.user.id,
    userType: r.user.userType as StaffType,
    firstName: r.user.firstName,
    lastName: r.user.lastName,
    email: r.user.email,
    preferredLang: r.user.preferredLang,
    languages: r.user.languages,
    practice: r.user.practice,
    licenses: r.licenses,
    cedula: r.profile?.cedula ?? null,
    npi: r.profile?.npi ?? null,
    dea: r.profile?.dea ?? null,
    totpEnrolled: r.totpEnrolled,
    createdAt: r.user.createdAt.toISOString(),
  };
}

/** What the lookup shows of a member: who she is, never her health data. */
export function presentAdminMember(u: UserRow): AdminMemberDto {
  const deleted = u.deletedAt !== null;
  return {
    id: u.id,
    firstName: deleted ? null : u.firstName,
    lastName: deleted ? null : u.lastName,
    phoneNumber: deleted ? null : u.phoneNumber,
    organizationId: u.organizationId,
    createdAt: u.createdAt.toISOString(),
    deleted,
  };
}

export function presentAuditEntry(r: AuditLogRow & { actorFirstName: string | null; actorLastName: string | null }): AuditEntryDto {
  const fields = r.detail && Array.isArray(r.detail.fields) ? r.detail.fields.filter((f): f is string => typeof f === 'string') : [];
  const name = [r.actorFirstName, r.actorLastName].filter(Boolean).join(' ');
  return {
    id: r.id,
    at: r.at.toISOString(),
    actorId: r.actorId,
    actorRole: r.actorRole,
    actorName: name || null,
    action: r.action,
    resource: r.resource,
    recordId: r.recordId,
    fields,
  };
}
