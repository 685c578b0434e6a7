import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { STAFF_AUTH } from '@puente/domain';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 TOTP through otpauth (spec-free; issue 3 staff second factor). */
const totpFor = (secretBase32: string, label: string): TOTP =>
  new TOTP({
    issuer: STAFF_AUTH.totpIssuer,
    label,
    algorithm: 'SHA1', // what every authenticator app supports
    digits: STAFF_AUTH.totpDigits,
    period: STAFF_AUTH.totpPeriodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const otpauthUrl = (secretBase32: string, label: string): string => totpFor(secretBase32, label).toString();

/** The accepted 30-second step, or null. The step lets the caller refuse a code used before. */
export const checkTotp = (secretBase32: string, token: string, now: Date): number | null => {
  const totp = totpFor(secretBase32, 'check');
  const delta = totp.validate({ token, timestamp: now.getTime(), window: STAFF_AUTH.totpWindow });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
};

/** The otpauth URL as a QR code in an SVG data URL: rendered here, no outside service. */
export const qrCodeDataUrl = async (text: string): Promise<string> => {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
};

/** AES-256-GCM: iv.tag.ciphertext (base64url), so a leaked table does not give away the secrets. */
export const encryptSecret = (key: Buffer, plaintext: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')).join('.');
};

export const decryptSecret = (key: Buffer, stored: string): string => {
  const [iv, tag, ciphertext] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext) throw new Error('malformed TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
};
