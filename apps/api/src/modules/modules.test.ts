import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_MODULES, GRAPHQL_TYPE_DEFS } from '.';

// Issue 9: app.ts is a composition root that lists modules; each module exports its routes,
// resolvers, socket handlers and jobs from its index.ts (modules/module.ts).
const dir = path.dirname(fileURLToPath(import.meta.url));
const moduleDirs = readdirSync(dir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const has = (name: string, suffix: string): boolean => readdirSync(path.join(dir, name)).some((f) => f.endsWith(suffix));

describe('the module list', () => {
  it('has each module once, by name', () => {
    const names = API_MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(moduleDirs.filter((d) => has(d, '.routes.ts') || has(d, '.resolvers.ts') || has(d, '.socket.ts')))(
    'registers %s, which has routes, resolvers or socket handlers, through its index.ts',
    (name) => {
      expect(existsSync(path.join(dir, name, 'index.ts'))).toBe(true);
      const mod = API_MODULES.find((m) => m.name === name);
      expect(mod, `${name} is missing from API_MODULES`).toBeDefined();
      if (has(name, '.routes.ts')) expect(mod?.routes).toBeTypeOf('function');
      if (has(name, '.resolvers.ts')) expect(mod?.graphql?.resolvers).toBeTypeOf('function');
      if (has(name, '.socket.ts')) expect(mod?.socket).toBeTypeOf('function');
    },
  );

  it('serves every module typeDefs once', () => {
    const withGraphql = API_MODULES.filter((m) => m.graphql);
    expect(GRAPHQL_TYPE_DEFS).toHaveLength(withGraphql.length);
    expect(withGraphql.map((m) => m.name)).toEqual(expect.arrayContaining(['members', 'appointments', 'scheduling']));
  });

  it('leaves the server wiring to app.ts: no module registers itself there', () => {
    const app = readFileSync(path.join(dir, '..', 'app.ts'), 'utf8');
    expect(app).not.toMatch(/await app\.register\(\w+Routes\(/);
    expect(app).not.toMatch(/realtime\.use\(\w+SocketHandlers/);
  });
});
