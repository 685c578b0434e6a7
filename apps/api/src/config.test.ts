import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { assertSafeListenAddress, loadConfig } from './config';
import { DEV_SECRETS_FILE } from './lib/secrets';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'puente-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// The constants earlier versions used when the secrets were unset: published, so never again.
const PUBLISHED = ['puente-dev-secret-not-for-production', 'puente-dev-inbound-email-secret'];

describe('development secrets', () => {
  it('are random on the first start, kept in DATA_DIR (mode 0600) and the same on the next start', () => {
    const dataDir = path.join(tempDir(), 'data'); // not there yet: made on first start
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, DEV_SECRETS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(stored.SESSION_SECRET).toBe(first.sessionSecret);
    expect(stored.CODE_PEPPER).toBe(first.codePepper);
    expect(stored.INBOUND_EMAIL_SECRET).toBe(first.inboundEmailSecret);
    expect(Buffer.from(stored.STAFF_TOTP_KEY!, 'hex').equals(first.staffTotpKey)).toBe(true);
    expect(first.sessionSecret).not.toBe(first.codePepper);
    for (const value of [first.sessionSecret, first.codePepper, first.inboundEmailSecret]) {
      expect(value).toMatch(/^[\w-]{43}$/); // 32 random bytes
      expect(PUBLISHED).not.toContain(value);
    }

    const again = loadConfig({ DATA_DIR: dataDir });
    expect([again.sessionSecret, again.codePepper, again.inboundEmailSecret, again.staffTotpKey.toString('hex')]).toEqual([
      first.sessionSecret,
      first.codePepper,
      first.inboundEmailSecret,
      first.staffTotpKey.toString('hex'),
    ]);

    const elsewhere = loadConfig({ DATA_DIR: tempDir() });
    expect(elsewhere.sessionSecret).not.toBe(first.sessionSecret);
    expect(elsewhere.staffTotpKey.equals(first.staffTotpKey)).toBe(false);
  });

  it('set ones win and are never written; in memory they are random per process; production needs them', () => {
    const dataDir = tempDir();
    const c = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(40), CODE_PEPPER: 'p'.repeat(40), STAFF_TOTP_KEY: 'ab'.repeat(32), INBOUND_EMAIL_SECRET: 'i'.repeat(40) });
    expect(c).toMatchObject({ sessionSecret: 's'.repeat(40), codePepper: 'p'.repeat(40), inboundEmailSecret: 'i'.repeat(40) });
    expect(() => statSync(path.join(dataDir, DEV_SECRETS_FILE))).toThrow();

    const memory = loadConfig({ DATA_DIR: 'memory://' });
    expect(loadConfig({ DATA_DIR: 'memory://' }).sessionSecret).toBe(memory.sessionSecret);
    expect(PUBLISHED).not.toContain(memory.sessionSecret);

    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(/SESSION_SECRET[\s\S]*CODE_PEPPER[\s\S]*STAFF_TOTP_KEY/);
    const prod = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40), CODE_PEPPER: 'y'.repeat(40), STAFF_TOTP_KEY: 'cd'.repeat(32) });
    expect(prod.inboundEmailSecret).toBeUndefined(); // the inbound email endpoint refuses every call
  });
});

describe('a refused configuration', () => {
  it('names each bad variable and says in English what was wrong (not zod/mini\'s bare "Invalid input")', () => {
    expect(() => loadConfig({ DATA_DIR: 'memory://', PORT: 'eighty' })).toThrow(/PORT: Invalid input: expected number, received NaN/);
    expect(() => loadConfig({ DATA_DIR: 'memory://', PORT: '70000' })).toThrow(/PORT: Too big: expected number to be <=65535/);
  });
});

describe('listen address', () => {
  it('is 127.0.0.1 unless HOST is set', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: 'memory://', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('a non-loopback interface is refused while the dev outbox or the dev identity provider is on', () => {
    const dev = (env: Record<string, string>) => loadConfig({ DATA_DIR: 'memory://', ...env });
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.1.1']) expect(() => assertSafeListenAddress(dev({ HOST: host }))).not.toThrow();
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) expect(() => assertSafeListenAddress(dev({ HOST: host }))).toThrow(new RegExp(`Refusing to listen on ${host.replace(/\./g, '\\.')}: the dev outbox`));
    expect(() => assertSafeListenAddress(dev({ HOST: '0.0.0.0' }))).toThrow(/development identity provider/);
    const production = loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', SESSION_SECRET: 'x'.repeat(40), CODE_PEPPER: 'y'.repeat(40), STAFF_TOTP_KEY: 'cd'.repeat(32) });
    expect(() => assertSafeListenAddress(production)).not.toThrow();
  });

  it('the server refuses to start on 0.0.0.0 in development, with a clear message', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, HOST: '0.0.0.0', DATA_DIR: tempDir(), PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Refusing to listen on 0.0.0.0');
    expect(result.stderr).toContain('Leave HOST unset (127.0.0.1)');
  }, 90_000);
});
