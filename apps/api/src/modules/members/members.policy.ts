import type { UserRow } from '../../db/schema';

/** Who may do what with a member record (spec 001 §6). Denials surface as NOT_FOUND. */
export const membersPolicy = {
  /** The recovery code is the owner's secret: nobody else, not even staff, may read it. */
  canReadRecoveryCode: (actor: UserRow, memberId: string): boolean => actor.id === memberId,
  canReadMember: (actor: UserRow, memberId: string): boolean => actor.id === memberId,
  /**
   * Staff reading a member's profile (spec 6): an admin may; a coach or US doctor only a member
   * they hold or held an appointment with (the care relationship). Every such read is audited.
   */
  canStaffReadMember: (actor: UserRow, hasCareRelationship: boolean): boolean =>
    actor.userType === 'admin' || ((actor.userType === 'mx-physician' || actor.userType === 'us-physician') && hasCareRelationship),
};
