import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const appUrl = new URL('./app.ts', import.meta.url).href;
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

// Issue 16: an idle production node holds under 200 MB. These libraries weigh on a node's memory
// (the zipcodes data alone is about 70 MB) and serve providers that are not configured by default
// or work done on first use: a started server must not have loaded them. (CommonJS packages only:
// an ES module import does not show in require.cache.)
const LOADED_ON_USE = ['zipcodes', '@apple/app-store-server-library', '@googleapis/androidpublisher', 'google-auth-library', 'pdf-lib', '@signpdf/signpdf', 'web-push'];

// A fresh process: the test runner's own require cache says nothing about what a server needs.
const probe = `
import { createRequire } from 'node:module';
const { buildServer } = await import(${JSON.stringify(appUrl)});
const server = await buildServer({ env: { DATA_DIR: 'memory://', LOG_LEVEL: 'warn' }, seed: false });
const packages = new Set(Object.keys(createRequire(import.meta.url).cache).flatMap((file) => {
  const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(file.split('\\\\').join('/').slice(file.lastIndexOf('node_modules')));
  return m ? [m[1]] : [];
}));
await server.close();
process.stdout.write(JSON.stringify([...packages]));
`;

describe('a started server', () => {
  it('has not loaded the libraries of unconfigured providers or of work done on first use', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      timeout: 60_000,
    });
    const loaded = JSON.parse(stdout) as string[];
    // The probe sees packages at all (fastify is always there), so an empty list cannot pass by accident.
    expect(loaded).toContain('fastify');
    expect(loaded.filter((p) => LOADED_ON_USE.includes(p))).toEqual([]);
  }, 90_000);
});
