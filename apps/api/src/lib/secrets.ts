import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

/** The secrets a development server makes up when they are not set (never in production). */
export const DEV_SECRET_NAMES = ['SESSION_SECRET', 'CODE_PEPPER', 'STAFF_TOTP_KEY', 'INBOUND_EMAIL_SECRET'] as const;
export type DevSecretName = (typeof DEV_SECRET_NAMES)[number];
export type DevSecrets = Record<DevSecretName, string>;
/** The file in DATA_DIR that keeps them between starts (mode 0600). */
export const DEV_SECRETS_FILE = 'dev-secrets.json';

// STAFF_TOTP_KEY must be 32 bytes (hex); the others are opaque strings.
const newDevSecret = (name: DevSecretName): string => randomBytes(32).toString(name === 'STAFF_TOTP_KEY' ? 'hex' : 'base64url');

let perProcess: DevSecrets | undefined;

/**
 * Development secrets: random on the first start, then read from DATA_DIR/dev-secrets.json, so
 * sessions, stored code hashes and staff TOTP enrolments survive a restart, and no two
 * installations share a published constant. An in-memory database (tests) gets random ones per
 * process.
 */
export function developmentSecrets(dataDir: string): DevSecrets {
  if (dataDir === 'memory://') return (perProcess ??= Object.fromEntries(DEV_SECRET_NAMES.map((n) => [n, newDevSecret(n)])) as DevSecrets);
  const file = path.join(dataDir, DEV_SECRETS_FILE);
  let stored: Partial<Record<string, unknown>> = {};
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<string, unknown>>;
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  }
  const secrets = Object.fromEntries(DEV_SECRET_NAMES.map((n) => [n, typeof stored[n] === 'string' && stored[n] !== '' ? stored[n] : newDevSecret(n)])) as DevSecrets;
  if (DEV_SECRET_NAMES.some((n) => stored[n] !== secrets[n])) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return secrets;
}
