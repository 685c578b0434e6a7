import { defineConfig } from 'vitest/config';

// One vitest run, several projects. `npm test` (scripts/test.mjs) chooses which run when.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
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
          fileParallelism: false,
        },
      },
    ],
  },
});
