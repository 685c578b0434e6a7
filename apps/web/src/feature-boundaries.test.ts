import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Issue 9: lib/ is infrastructure only and features reach each other through their index.ts.
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
