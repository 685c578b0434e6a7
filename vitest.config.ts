import { defineConfig } from 'vitest/config';

// One vitest run, several projects. `npm test` (scripts/test.mjs) chooses which run when.
//
// isolate: false (every project): the test files run in one worker share its loaded
// modules instead of importing the app again for each file. Each test still builds its own server,
// database, query client and DOM; a file that needs a module fresh says so (vi.resetModules). On
// the 2-core machine: API on PGlite 322 to 180 s, on PostgreSQL + Redis 295 to 135 s, unit 327 to
// 146 s, which keeps `npm test` under its 30 minutes.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'], isolate: false } },
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'], isolate: false } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          isolate: false,
        },
      },
      'apps/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['src/**/*.e2e.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // One at a time: a journey takes most of a 2-core machine (two at once took 446 s for
          // what one at a time does in 493 s, each file nearly twice as slow).
          fileParallelism: false,
          // One process runs the journeys one file after another: the API and the harness are
          // imported once (about 65 s of imports a run), and axe checks a screen once in the run
          // (harness.ts). Each file starts its own server and browser (setup.ts closes it).
          isolate: false,
          setupFiles: ['src/setup.ts'],
          // expect.poll waits up to 10 s (vitest's default is 1 s): a screen that stores or shows
          // something after loading a chunk and calling the API takes longer than 1 s on a busy
          // 2-core machine (family.e2e's invitation ids, read right after the link opened, once).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
