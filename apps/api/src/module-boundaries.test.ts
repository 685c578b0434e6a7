import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Issue 9: modules talk through services. The project's eslint.config.js refuses, in any file
// under apps/api/src/modules, an import of another module's repository; and its type-aware rules
// refuse floating promises and non-exhaustive switches. Fixture text is linted under existing
// paths (type-aware rules need a file the TypeScript project knows).
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('type-aware lint (issue 9)', () => {
  const rulesFor = async (code: string, filePath: string): Promise<(string | null)[]> => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).map((m) => m.ruleId);
  };

  it.each(['apps/api/src/lib/clock.ts', 'packages/domain/src/constants.ts'])('refuses a floating promise and a non-exhaustive switch in %s', async (filePath) => {
    const code = [
      'async function save(): Promise<number> { return 1; }',
      'export function later(): void { save(); }',
      "export function size(x: 'a' | 'b'): number { switch (x) { case 'a': return 1; } return 0; }",
      '',
    ].join('\n');
    const rules = await rulesFor(code, filePath);
    expect(rules).toContain('@typescript-eslint/no-floating-promises');
    expect(rules).toContain('@typescript-eslint/switch-exhaustiveness-check');
  });

  it('accepts an awaited, voided or caught promise and an exhaustive switch', async () => {
    const code = [
      'async function save(): Promise<number> { return 1; }',
      'export async function now(): Promise<void> { await save(); void save(); save().catch(() => undefined); }',
      "export function size(x: 'a' | 'b'): number { switch (x) { case 'a': return 1; case 'b': return 2; } }",
      '',
    ].join('\n');
    expect(await rulesFor(code, 'apps/api/src/lib/clock.ts')).toEqual([]);
  });
});

describe('module boundaries (lint)', () => {
  it.each([
    ["import { AuthRepository } from '../auth/auth.repository';", 'apps/api/src/modules/call/call.service.ts'],
    ["import type { MembersRepository } from '../members/members.repository';", 'apps/api/src/modules/profile/profile.service.ts'],
    ["import { AppointmentsRepository } from '../appointments/appointments.repository.js';", 'apps/api/src/modules/chat/chat.service.ts'],
    ["export { IdentityRepository } from '../identity/identity.repository';", 'apps/api/src/modules/staff-auth/staff-auth.service.ts'],
    ["import { MembersRepository } from '../../modules/members/members.repository';", 'apps/api/src/modules/auth/auth.service.ts'],
  ])('refuses %s', async (code, filePath) => {
    const messages = await restrictedImports(`${code}\nexport const used = 1;\n`, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/another module's repository/);
  });

  it.each([
    ["import { CallRepository } from './call.repository';", 'apps/api/src/modules/call/call.service.ts'],
    ["import type { AuthService } from '../auth/auth.service';", 'apps/api/src/modules/call/call.service.ts'],
    ["import type { OutboxRepository } from '../../providers/outbox.repository';", 'apps/api/src/modules/dev/dev.service.ts'],
    ["import { MembersRepository } from './modules/members/members.repository';", 'apps/api/src/app.ts'],
  ])('allows %s', async (code, filePath) => {
    expect(await restrictedImports(`${code}\nexport const used = 1;\n`, filePath)).toEqual([]);
  });
});
