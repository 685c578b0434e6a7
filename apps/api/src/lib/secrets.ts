import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { AUTH, PHONE } from '@puente/domain';

/** An opaque, unguessable token (256 bits, base64url). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/**
 * Tokens are stored as sha256: a leaked table does not let anyone sign in. One-shot crypto.hash
 * (Node >= 20.12): every authenticated request hashes its bearer token.
 */
export const hashToken = (token: string): string => hash('sha256', token, 'hex');

/** Short codes are guessable offline, so they get an HMAC with a server-side pepper. */
export const hashCode = (pepper: string, purpose: string, code: string): string =>
  createHmac('sha256', pepper).update(`${purpose}:${code}`).digest('hex');

export const safeEqualHex = (a: string, b: string): boolean => {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
};

/** spec 9: the verification code has 6 characters; digits, uniformly random. */
export const newVerificationCode = (): string =>
  Array.from({ length: PHONE.verificationCodeLength }, () => String(randomInt(0, 10))).join('');

// Crockford's base32 alphabet (no I, L, O, U, so 1 and 0 cannot be misread): 5 bits a symbol.
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A recovery code of AUTH.recoveryCodeLength symbols drawn with crypto.randomInt. */
export const newRecoveryCode = (): string =>
  Array.from({ length: AUTH.recoveryCodeLength }, () => RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)]).join('');
