/** Issue 12: the code sent to a phone the member adds while signed in is checked by the same verify. */
export { verifyPhoneCode } from './api/verify-phone-code';
