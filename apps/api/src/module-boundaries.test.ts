import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { ROUTES } from '@puente/domain';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 9: modules talk through services. The project's eslint.config.js refuses, in any file
// under apps/api/src/modules, an import of another module's repository; and its type-aware rules
// refuse floating promises and non-exhaustive switches. Fixture text is linted under existing
// paths (type-aware rules need a file the TypeScript project knows).
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

// The first type-aware lint loads the config and builds the TypeScript program (12 s on a quiet
// 2-core machine): done once here, under the hook's longer timeout, not inside the first test.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: 'apps/api/src/lib/clock.ts' });
});

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

// Issue 9: a module reads and writes its own tables through its own repository; another module's
// data comes through that module's service. Every table has one owner; each modules/*/*.repository.ts
// imports (as values) only its own module's tables from db/schema*. The crossings that remain are
// listed below, to be removed one by one (an entry that no longer crosses must go too).
const OWNER: Record<string, string> = {
  users: 'members',
  organizations: 'organizations',
  organizationSites: 'organizations',
  organizationPartners: 'organizations',
  memberOrganizationSites: 'organizations',
  organizationRosterEntries: 'organizations',
  sessions: 'auth',
  loginTokens: 'auth',
  otpChallenges: 'auth',
  outbox: 'providers',
  auditLog: 'audit',
  phoneResets: 'recovery',
  appointments: 'appointments',
  appointmentEvents: 'appointments',
  consultationNoteTemplates: 'appointments',
  consultationNotes: 'appointments',
  consultationNoteParts: 'appointments',
  consultationNoteAddenda: 'appointments',
  callEvents: 'call',
  chatConversations: 'chat',
  chatParticipants: 'chat',
  chatMessages: 'chat',
  dependants: 'family',
  dependantInvitations: 'family',
  linkedIdentities: 'identity',
  oidcAuthRequests: 'identity',
  mergeTokens: 'identity',
  staffTotpSecrets: 'staff-auth',
  staffEmailChallenges: 'staff-auth',
  staffMfaTickets: 'staff-auth',
  interactions: 'interactions',
  entitlementEvents: 'membership',
  cardCheckouts: 'payments',
  visitPayments: 'payments',
  paymentNotifications: 'payments',
  storeHeldNotifications: 'payments',
  storePendingAcknowledgements: 'payments',
  physicianProfiles: 'physicians',
  physicianLicenses: 'physicians',
  physicianAvailability: 'physicians',
  topicTemplates: 'topics',
  organizationTopicTemplates: 'topics',
  prescriptionOrders: 'prescribing',
  noPrescriptionReasons: 'prescribing',
  surveys: 'support',
  pushSubscriptions: 'notifications',
  physicianCalendars: 'scheduling',
  calendarExceptions: 'scheduling',
  scheduledAppointments: 'scheduling',
  jobQueue: 'scheduling',
  schedulingNoticeSends: 'scheduling',
};

const src = fileURLToPath(new URL('./', import.meta.url));
const schemaTables = readdirSync(`${src}db`)
  .filter((f) => /^schema.*\.ts$/.test(f))
  .flatMap((f) => [...readFileSync(`${src}db/${f}`, 'utf8').matchAll(/export const (\w+) = pgTable\(/g)].map((m) => m[1]!));
/** Every source file of every module (tests and test kits aside): repositories, services, the rest. */
const moduleFiles = readdirSync(`${src}modules`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(`${src}modules/${d.name}`, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.test-kit.ts'))
      .map((f) => ({ module: d.name, file: `modules/${d.name}/${f}` })),
  );

/** The tables a file imports as values from db/schema* (type-only names are not tables). */
function schemaTablesImported(code: string, tables: readonly string[]): string[] {
  const names = [...code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'(?:\.\.\/)+db\/schema[^']*'/g)]
    .filter((m) => !m[1])
    .flatMap((m) => m[2]!.split(','))
    .map((n) => n.trim())
    .filter((n) => n && !n.startsWith('type '))
    .map((n) => n.split(/\s+as\s+/)[0]!.trim());
  return [...new Set(names.filter((n) => tables.includes(n)))].sort();
}

describe('module boundaries (tables)', () => {
  it('every table in the schema has one owning module', () => {
    expect(schemaTables.length).toBeGreaterThan(40);
    expect(schemaTables.filter((t) => !OWNER[t])).toEqual([]);
  });

  it('reads the value imports of db/schema and ignores types', () => {
    const code = "import {\n  appointments,\n  users as people,\n  type UserRow,\n} from '../../db/schema';\nimport type { sessions } from '../../db/schema-account';\n";
    expect(schemaTablesImported(code, schemaTables)).toEqual(['appointments', 'users']);
  });

  it('covers the repositories and the rest of each module', () => {
    expect(moduleFiles.filter((f) => f.file.endsWith('.repository.ts')).length).toBeGreaterThan(15);
    expect(moduleFiles.filter((f) => f.file.endsWith('.service.ts')).length).toBeGreaterThan(20);
  });

  // Issue 9: no exceptions are left; a module reaches another's data through that module's service.
  it.each(moduleFiles)("$file imports only its module's tables", ({ module, file }) => {
    const foreign = schemaTablesImported(readFileSync(`${src}${file}`, 'utf8'), schemaTables).filter((t) => OWNER[t] !== module);
    expect(foreign).toEqual([]);
  });
});

// Issue 9: the app's paths come from ROUTES/buildPath only; the server writes none by hand (a
// link in an SMS, an email or a redirect names its route).
const HAND_WRITTEN_PATHS_LEFT: string[] = [];

function sourceFiles(dir: string): string[] {
  return readdirSync(`${src}${dir}`, { withFileTypes: true }).flatMap((d) => {
    const rel = `${dir}${dir ? '/' : ''}${d.name}`;
    if (d.isDirectory()) return rel === 'test' ? [] : sourceFiles(rel);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [rel] : [];
  });
}

/** App paths without parameters written into a string ('/inicio', `${base}/inicio?x`, '/login?...'). */
function handWrittenPaths(code: string): string[] {
  const statics = Object.values(ROUTES)
    .map((r) => r.path)
    .filter((p) => !p.includes(':') && p.length > 1);
  return statics.filter((p) => new RegExp(`['"\`}]${p.replace(/[/.]/g, (c) => `\\${c}`)}(?=[?'"\`#])`).test(code));
}

describe('app paths on the server', () => {
  it('finds a hand-written path in a string, a template or before a query', () => {
    expect(handWrittenPaths("const a = '/inicio';")).toEqual(['/inicio']);
    expect(handWrittenPaths('const b = `${base}/link-to-consult-finished`;')).toEqual(['/link-to-consult-finished']);
    expect(handWrittenPaths("const c = `${base}/login?x=1`; const d = '/api/login';")).toEqual(['/login']);
    expect(handWrittenPaths("const e = buildPath('home');")).toEqual([]);
  });

  it('builds every app path from ROUTES (buildPath), except the ones listed', () => {
    const found = sourceFiles('').flatMap((file) => handWrittenPaths(readFileSync(`${src}${file}`, 'utf8')).map((p) => `${file} ${p}`));
    expect(found.sort()).toEqual([...HAND_WRITTEN_PATHS_LEFT].sort());
  });
});
