/** The phone-change reset token the sign-in hands to the recovery screens. */
export * from './phone-change';
/** Issue 12: a signed-in member without a phone adds one (the readiness prompt of the waiting room). */
export { openAddPhone, useOpenAddPhone } from './api/open-add-phone';
export { requestNewPhoneCode } from './api/request-new-phone-code';
