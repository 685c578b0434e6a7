/** The phone-change reset token the sign-in hands to the recovery screens. */
export * from './phone-change';
