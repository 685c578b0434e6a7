import type { UserRow } from '../../db/schema';

/** spec 6: account deletion and restore are member-only, and only for one's own account. Denials are NOT_FOUND. */
export const accountDeletionPolicy = {
  canRequestDeletion: (actor: UserRow, memberId: string): boolean => actor.userType === 'member' && actor.id === memberId,
  canRestore: (actor: UserRow, memberId: string): boolean => actor.userType === 'member' && actor.id === memberId,
};
