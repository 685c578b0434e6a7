import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Issue 9: modules talk through services. The project's eslint.config.js refuses, in any file
// under apps/api/src/modules, an import of another module's repository.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('module boundaries (lint)', () => {
  it.each([
    ["import { AuthRepository } from '../auth/auth.repository';", 'apps/api/src/modules/call/fixture.ts'],
    ["import type { MembersRepository } from '../members/members.repository';", 'apps/api/src/modules/profile/fixture.ts'],
    ["import { AppointmentsRepository } from '../appointments/appointments.repository.js';", 'apps/api/src/modules/chat/fixture.ts'],
    ["export { IdentityRepository } from '../identity/identity.repository';", 'apps/api/src/modules/staff-auth/fixture.ts'],
    ["import { MembersRepository } from '../../modules/members/members.repository';", 'apps/api/src/modules/auth/nested/fixture.ts'],
  ])('refuses %s', async (code, filePath) => {
    const messages = await restrictedImports(`${code}\nexport const used = 1;\n`, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/another module's repository/);
  });

  it.each([
    ["import { CallRepository } from './call.repository';", 'apps/api/src/modules/call/fixture.ts'],
    ["import type { AuthService } from '../auth/auth.service';", 'apps/api/src/modules/call/fixture.ts'],
    ["import type { OutboxRepository } from '../../providers/outbox.repository';", 'apps/api/src/modules/dev/fixture.ts'],
    ["import { MembersRepository } from './modules/members/members.repository';", 'apps/api/src/app-fixture.ts'],
  ])('allows %s', async (code, filePath) => {
    expect(await restrictedImports(`${code}\nexport const used = 1;\n`, filePath)).toEqual([]);
  });
});
