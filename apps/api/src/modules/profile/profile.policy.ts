import type { UserRow } from '../../db/schema';

/** Who may change a member's profile (spec 001 §6). Denials surface as NOT_FOUND (another user's record). */
export const profilePolicy = {
  /** A member changes only their own profile and language; nobody else does it for them here. */
  canUpdateProfile: (actor: UserRow, memberId: string): boolean => actor.id === memberId,
};
