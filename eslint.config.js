import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { existsSync, readdirSync } from 'node:fs';

const featuresDir = new URL('./apps/web/src/features/', import.meta.url);
const webFeatures = existsSync(featuresDir) ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];

// Import boundaries (STYLE "Layout that shows the architecture"):
// domain imports nothing of ours; contracts only domain; web features do not import each other.
const ours = ['@puente/*', '**/apps/**', '**/packages/**'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.tsbuild/**', '**/.data/**', '**/.prerender/**', 'apps/api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Schemas are written with zod/mini (issue 10): its functions let the web build keep only what a
  // screen uses; the classic API's methods bring all of zod into every first load (15 kB gzipped).
  // A rule of its own name, so the import-boundary blocks below (no-restricted-imports) keep theirs.
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: ['zod', 'zod/v4', 'zod/v3'].map((name) => ({ name, message: "schemas use zod/mini: import * as z from 'zod/mini' (z.optional(s), s.check(z.minLength(1)), z.pipe(s, z.transform(f)))." })),
      }],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ours, message: 'domain imports nothing of ours.' }, { group: ['node:*', 'fs', 'path', 'http'], message: 'domain is pure: no I/O.' }] }],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@puente/*', '!@puente/domain', '**/apps/**'], message: 'contracts import only @puente/domain.' }] }],
    },
  },
  // Type-aware rules (issue 9) on the server and the shared packages: a promise nobody awaits
  // loses its errors; a switch over a union must name every member (or say default).
  {
    files: ['apps/api/src/**/*.ts', 'packages/domain/src/**/*.ts', 'packages/contracts/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  // API modules talk through services (issue 9): a module reads and writes its own tables through
  // its own repository; another module's repository is never imported, its service is called.
  // (app.ts, the composition root outside modules/, builds every repository.)
  {
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: '^(\\.\\./[^./][^/]*/[^/]+|(\\.\\./)+modules/[^/]+/[^/]+)\\.repository(\\.js)?$',
          message: "another module's repository: call that module's service instead (a module's own repository is imported as ./<area>.repository).",
        }],
      }],
    },
  },
  // One block per web feature folder, found on disk (issue 9): a feature reaches another only
  // through its public index.ts (`@/features/<other>`), never its files, by alias or relative path.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          group: webFeatures.filter((f) => f !== feature).flatMap((other) => [`@/features/${other}/**`, `**/features/${other}/**`, `../${other}`, `../${other}/**`, `../../${other}`, `../../${other}/**`, `../../../${other}`, `../../../${other}/**`]),
          message: "web features import another feature only through its index.ts ('@/features/<area>'); routes in app/ compose them.",
        }],
      }],
    },
  })),
  // components/ is shared presentation: it imports no feature and not the app (a piece that needs
  // a feature's data lives in that feature and is exported from its index.ts).
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          group: ['@/features', '@/features/**', '**/features/**', '@/app', '@/app/**', '../app/**', '../../app/**', '../../../app/**'],
          message: 'components/ is shared presentation: it imports no feature and not the app (move the piece into the feature that owns its data).',
        }],
      }],
    },
  },
  // lib/ is infrastructure (issue 9): api client, query client, socket, i18n, storage, theme,
  // toast... It imports no feature and not the app; feature state lives in the feature that owns it.
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          group: ['@/features', '@/features/**', '**/features/**', '@/app', '@/app/**', '../app/**', '../../app/**'],
          message: 'lib/ is infrastructure: it imports no feature (the feature owns its state; app/ composes).',
        }],
      }],
    },
  },
  // The router runs in React Router's declarative mode (issue 10: its data router is 17 kB gzipped
  // more on every page). Its useNavigate changes at every navigation: screens use lib/navigation's.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/navigation.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "ImportDeclaration[source.value='react-router'] > ImportSpecifier[imported.name=/^(useNavigate|useBlocker|createBrowserRouter|RouterProvider|createStaticRouter|createStaticHandler)$/]",
        message: "the app runs React Router's declarative mode: useNavigate comes from '@/lib/navigation' (one function for a component's life), the rest of the data router is not used.",
      }],
    },
  },
);
