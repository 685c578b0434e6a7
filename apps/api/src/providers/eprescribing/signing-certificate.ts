import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { PRODUCT_NAME } from '@puente/domain';

/** A PKCS#12 bundle (key and self-signed certificate) that signs this installation's prescriptions. */
export interface SigningCertificate {
  p12: Buffer;
  passphrase: string;
  /** The certificate's subject common name (shown in the signature). */
  commonName: string;
}

export const SIGNING_CERT_FILE = 'prescription-signing.json';

/** A new RSA-2048 key and a self-signed certificate valid for ten years. */
export function generateSigningCertificate(commonName = 'Puente e-prescribing (local)', now = new Date()): SigningCertificate {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 86_400_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const attrs = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: PRODUCT_NAME },
    { name: 'countryName', value: 'US' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, { algorithm: '3des' });
  const p12 = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  return { p12, passphrase, commonName };
}

let perProcess: SigningCertificate | undefined;

/**
 * The installation's signing certificate: made on the first start and kept in
 * DATA_DIR/prescription-signing.json (mode 0600), like the development secrets; an in-memory
 * installation (tests) makes one per process.
 */
export function installationSigningCertificate(dataDir: string): SigningCertificate {
  if (dataDir === 'memory://') return (perProcess ??= generateSigningCertificate());
  const file = path.join(dataDir, SIGNING_CERT_FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { p12: string; passphrase: string; commonName: string };
    return { p12: Buffer.from(stored.p12, 'base64'), passphrase: stored.passphrase, commonName: stored.commonName };
  }
  const made = generateSigningCertificate();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ p12: made.p12.toString('base64'), passphrase: made.passphrase, commonName: made.commonName }), { mode: 0o600 });
  chmodSync(file, 0o600);
  return made;
}
