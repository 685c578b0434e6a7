/** A pending account deletion the sign-in can restore (spec 3 deletion-request-time, member-id). */
export * from './account-restore';
