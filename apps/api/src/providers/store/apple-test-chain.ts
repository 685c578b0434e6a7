import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CompactSign, importPKCS8 } from 'jose';
import type forge from 'node-forge';

/**
 * The App Store's test mode without Apple: a locally made root CA, an intermediate and a leaf with
 * the marker extensions Apple's SignedDataVerifier checks (the WWDR intermediate's
 * 1.2.840.113635.100.6.2.1, the signing leaf's 1.2.840.113635.100.6.11.1). Test data is signed by
 * the leaf with the x5c chain in its header, exactly like Apple's, and verified by the same
 * SignedDataVerifier as production, trusting this root instead of Apple's.
 */
export interface AppleTestChain {
  /** The root certificate (DER): what the local verifier trusts. */
  root: Buffer;
  /** leaf, intermediate, root: base64 DER, the JWS x5c header. */
  x5c: [string, string, string];
  /** The leaf's private key (PKCS#8 PEM). */
  leafKey: string;
}

const DAY = 86_400_000;
const INTERMEDIATE_MARKER = '1.2.840.113635.100.6.2.1';
const LEAF_MARKER = '1.2.840.113635.100.6.11.1';
// node-forge loads when a chain is made (the first start), not on every start.
const requireCjs = createRequire(import.meta.url);
let loadedForge: typeof forge | undefined;
const nodeForge = (): typeof forge => (loadedForge ??= requireCjs('node-forge') as typeof forge);
const nullDer = (): string => {
  const { asn1 } = nodeForge();
  return asn1.toDer(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '')).getBytes();
};

const keyPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  return { pem: privateKey, privateKey: nodeForge().pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey, publicKey: nodeForge().pki.publicKeyFromPem(publicKey) };
};

function certificate(subject: string, issuer: string, publicKey: forge.pki.PublicKey, signer: forge.pki.rsa.PrivateKey, extensions: object[], now: Date): forge.pki.Certificate {
  const cert = nodeForge().pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - DAY);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * DAY);
  cert.setSubject([{ name: 'commonName', value: subject }, { name: 'organizationName', value: 'Puente (local App Store test)' }]);
  cert.setIssuer([{ name: 'commonName', value: issuer }, { name: 'organizationName', value: 'Puente (local App Store test)' }]);
  cert.setExtensions(extensions);
  cert.sign(signer, nodeForge().md.sha256.create());
  return cert;
}

const der = (cert: forge.pki.Certificate): Buffer => Buffer.from(nodeForge().asn1.toDer(nodeForge().pki.certificateToAsn1(cert)).getBytes(), 'binary');

/** A new chain (each call: another root, so data it signs is foreign to any other chain). */
export function createAppleTestChain(now = new Date()): AppleTestChain {
  const NULL_DER = nullDer();
  const root = keyPair();
  const intermediate = keyPair();
  const leaf = keyPair();
  const rootCert = certificate('Puente Local Root CA', 'Puente Local Root CA', root.publicKey, root.privateKey, [{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true }], now);
  const interCert = certificate('Puente Local WWDR', 'Puente Local Root CA', intermediate.publicKey, root.privateKey, [{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true }, { id: INTERMEDIATE_MARKER, value: NULL_DER }], now);
  const leafCert = certificate('Puente Local StoreKit Signing', 'Puente Local WWDR', leaf.publicKey, intermediate.privateKey, [{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true }, { id: LEAF_MARKER, value: NULL_DER }], now);
  const [l, i, r] = [der(leafCert), der(interCert), der(rootCert)];
  return { root: r, x5c: [l.toString('base64'), i.toString('base64'), r.toString('base64')], leafKey: leaf.pem };
}

export const APPLE_TEST_CHAIN_FILE = 'app-store-test-chain.json';
let perProcess: AppleTestChain | undefined;

/**
 * The installation's App Store test chain: made on the first start and kept in
 * DATA_DIR/app-store-test-chain.json (mode 0600, so a developer can sign test data for a running
 * server); an in-memory installation (tests) makes one per process.
 */
export function installationAppleTestChain(dataDir: string): AppleTestChain {
  if (dataDir === 'memory://') return (perProcess ??= createAppleTestChain());
  const file = path.join(dataDir, APPLE_TEST_CHAIN_FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { root: string; x5c: [string, string, string]; leafKey: string };
    return { root: Buffer.from(stored.root, 'base64'), x5c: stored.x5c, leafKey: stored.leafKey };
  }
  const made = createAppleTestChain();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ root: made.root.toString('base64'), x5c: made.x5c, leafKey: made.leafKey }), { mode: 0o600 });
  chmodSync(file, 0o600);
  return made;
}

/** Signs App Store data (a transaction, renewal info or notification payload) as Apple does: JWS with the x5c chain. */
export async function signAppleTestData(payload: object, chain: AppleTestChain): Promise<string> {
  const key = await importPKCS8(chain.leafKey, 'RS256');
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader({ alg: 'RS256', x5c: chain.x5c }).sign(key);
}
