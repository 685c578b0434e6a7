import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Issue 9: lib/ is infrastructure only, components/ shared presentation, and features reach each
// other through their index.ts.
// The project's eslint.config.js is run on fixture text under real paths of the web app.
// (jsdom gives no file URL for this module: find the repository root from the working directory.)
const findRoot = (dir: string): string => (existsSync(join(dir, 'eslint.config.js')) || dirname(dir) === dir ? dir : findRoot(dirname(dir)));
const root = findRoot(process.cwd());
const eslint = new ESLint({ cwd: root });

const restricted = async (code: string, filePath: string): Promise<string[]> => {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

describe('web boundaries (lint)', () => {
  it.each([
    ["import { useAppointment as x } from '@/features/appointments';", 'apps/web/src/lib/socket.ts'],
    ["import { getAppointment as x } from '@/features/appointments/api/get-appointment';", 'apps/web/src/lib/query-client.ts'],
    ["import { x } from '../features/home/components/home-screen';", 'apps/web/src/lib/toast.ts'],
    ["import { x } from '@/app/router';", 'apps/web/src/lib/api-client.ts'],
  ])('lib refuses a feature (or app) import: %s', async (code, filePath) => {
    const messages = await restricted(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/infrastructure/);
  });

  it.each([
    ["import { useMember as x } from '@/features/profile';", 'apps/web/src/components/ui/screen.tsx'],
    ["import { x } from '../../features/configs/support-link';", 'apps/web/src/components/ui/bottom-drawer.tsx'],
    ["import { x } from '@/app/router';", 'apps/web/src/components/ui/info-modal.tsx'],
  ])('components refuse a feature (or app) import: %s', async (code, filePath) => {
    const messages = await restricted(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/shared presentation/);
  });

  it.each([
    ["import { getAppointment as x } from '@/features/appointments/api/get-appointment';", 'apps/web/src/features/home/components/home-screen.tsx'],
    ["import { x } from '../../appointments/current-appointment';", 'apps/web/src/features/call/components/call-screen.tsx'],
    ["import { x } from '../appointments';", 'apps/web/src/features/dashboard/index.ts'],
  ])('a feature refuses another feature’s inside files: %s', async (code, filePath) => {
    const messages = await restricted(code, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/only through its index/);
  });

  it.each([
    ["import { useAppointment as x } from '@/features/appointments';", 'apps/web/src/features/home/components/home-screen.tsx'],
    ["import { x } from '../api/get-appointment';", 'apps/web/src/features/appointments/hooks/use-appointment-alerts.ts'],
    ["import { x } from '@/lib/storage';", 'apps/web/src/features/call/components/call-screen.tsx'],
    ["import { x } from '@/features/appointments/api/get-appointment';", 'apps/web/src/app/root-layout.tsx'],
  ])('allows %s', async (code, filePath) => {
    expect(await restricted(code, filePath)).toEqual([]);
  });
});

describe('paths come from ROUTES and buildPath only (issue 9)', () => {
  const src = join(root, 'apps/web/src');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
  // A hand-written app path: navigate('/...'), to="/...", to={'/...'}, href: '/...' and the like.
  const handWritten = /(?:navigate\(\s*|\bto=\{?\s*|\bto:\s*|redirect\(\s*|<Navigate[^>]*to=\{?\s*)['"`]\/(?!\/)/;
  it('no screen writes an app path by hand', () => {
    const offenders = files(src)
      .filter((f) => !f.includes(`${join('src', 'test')}`))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) => (handWritten.test(line) ? [`${relative(src, f)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
