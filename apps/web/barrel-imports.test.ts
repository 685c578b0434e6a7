import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportMap, rewriteBarrelImports } from './barrel-imports';

// (The web tests run in jsdom, where import.meta.url is not a file URL.)
const packages = path.resolve(import.meta.dirname, '../../packages');
const domainFile = (name: string) => path.join(packages, 'domain/src', name);
const contractsFile = (name: string) => path.join(packages, 'contracts/src', name);
const domainIndex = domainFile('index.ts');
const contractsIndex = contractsFile('index.ts');

describe('barrel imports (issue 10, first load)', () => {
  const barrels = new Map([
    ['@puente/domain', exportMap(domainIndex)],
    ['@puente/contracts', exportMap(contractsIndex)],
  ]);

  it('maps each value the barrels export to the module that declares it, types left out', () => {
    const domain = barrels.get('@puente/domain')!;
    expect(domain.get('ROUTES')).toBe(domainFile('routes.ts'));
    expect(domain.get('safeString')).toBe(domainFile('validation/text.ts'));
    expect(domain.has('Language')).toBe(false); // a type
    // A named re-export belongs to the module that re-exports it (it is rewritten in turn).
    expect(barrels.get('@puente/contracts')!.get('LOGIN_STATUSES')).toBe(contractsFile('auth.ts'));
  });

  it('points value imports at their modules and keeps types, unknown names and namespace imports on the barrel', () => {
    const code = [
      "import { ROUTES as DEFS, safeString, type Language } from '@puente/domain';",
      "import {\n  apiErrorSchema,\n  notAnExport,\n} from '@puente/contracts';",
      "import type { RouteName } from '@puente/domain';",
      "import * as Domain from '@puente/domain';",
      "export { LOGIN_STATUSES } from '@puente/domain';",
      'const after = 1;',
    ].join('\n');
    const out = rewriteBarrelImports('/x/file.ts', code, barrels)!;
    expect(out).toContain(`import { ROUTES as DEFS } from ${JSON.stringify(domainFile('routes.ts'))};`);
    expect(out).toContain(`import { safeString } from ${JSON.stringify(domainFile('validation/text.ts'))};`);
    expect(out).toContain("import { type Language } from \"@puente/domain\";");
    expect(out).toContain(`import { apiErrorSchema } from ${JSON.stringify(contractsFile('errors.ts'))};`);
    expect(out).toContain("import { notAnExport } from \"@puente/contracts\";");
    expect(out).toContain("import type { RouteName } from '@puente/domain';");
    expect(out).toContain("import * as Domain from '@puente/domain';");
    expect(out).toContain(`export { LOGIN_STATUSES } from ${JSON.stringify(domainFile('enums.ts'))};`);
    // The lines after a rewritten statement keep their numbers (the source maps stay right).
    expect(out.split('\n').indexOf('const after = 1;')).toBe(code.split('\n').indexOf('const after = 1;'));
  });

  it('leaves a file without barrel imports alone', () => {
    expect(rewriteBarrelImports('/x/file.ts', "import * as z from 'zod/mini';\n", barrels)).toBeUndefined();
  });
});
