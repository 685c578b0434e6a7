import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prefetchDataElement, prefetchFiles, routeTableScreens, type BuiltChunk } from './screen-prefetch';

// (The web tests run in jsdom, where import.meta.url is not a file URL.)
const routeTable = path.resolve(import.meta.dirname, 'src/app/route-table.tsx');

const chunk = (fileName: string, facts: Partial<BuiltChunk> = {}): BuiltChunk => ({ fileName, imports: [], isEntry: false, isDynamicEntry: false, moduleIds: [], ...facts });

describe('the likely next screens, as the build lists them for the app to prefetch (issue 10, TBT)', () => {
  it("reads the route table's lazy screens (the modules each imports) and the screens it names as likely next", () => {
    const { imports, nextScreens } = routeTableScreens(routeTable);
    expect(imports.get('home')).toEqual(['@/features/home/components/home-screen']);
    // A screen made of two modules (the code check's screen and the social buttons) imports both.
    expect(imports.get('login')).toEqual(['@/features/auth/components/login-screen', '@/features/identity/components/social-login-buttons']);
    expect(nextScreens).toEqual(expect.arrayContaining(['login', 'verifyPhoneNumber', 'home', 'availableCoaches', 'profile', 'dashboardConsultation']));
    // Every screen named as next is a lazy screen (the build stops otherwise).
    for (const name of nextScreens) expect(imports.has(name), name).toBe(true);
  });

  it('stops the build on a route table it cannot read rather than prefetching the wrong files', () => {
    const table = (screens: string, next = "{ home: ['home'] }") => `const SCREENS = ${screens};\nconst NEXT_SCREENS = ${next};`;
    expect(() => routeTableScreens('t.tsx', table("{ home: lazyScreen(() => import(path)) }"))).toThrow(/without a literal/);
    expect(() => routeTableScreens('t.tsx', table('{ home: lazyScreen(load) }'))).toThrow(/home imports nothing/);
    expect(() => routeTableScreens('t.tsx', table("{ ...others }"))).toThrow(/expected `name: value`/);
    expect(() => routeTableScreens('t.tsx', table("{ home: lazyScreen(() => import('./h')) }", '{ home: NEXT }'))).toThrow(/not a list/);
    expect(() => routeTableScreens('t.tsx', 'const SCREENS = {};')).toThrow(/no object NEXT_SCREENS/);
    expect(routeTableScreens('t.tsx', table("{ home: lazyScreen(() => import('./h').then((m) => m.Home)) }"))).toEqual({ imports: new Map([['home', ['./h']]]), nextScreens: ['home'] });
  });

  it("lists a screen's own chunk and what it imports, without what the first script already holds", () => {
    const chunks = [
      chunk('assets/index.js', { isEntry: true, imports: ['assets/runtime.js'], moduleIds: ['/src/main.tsx'] }),
      chunk('assets/runtime.js'),
      chunk('assets/coaches.js', { isDynamicEntry: true, imports: ['assets/runtime.js', 'assets/card.js'], moduleIds: ['/src/features/coaches.tsx'] }),
      chunk('assets/card.js', { imports: ['assets/avatar.js'] }),
      chunk('assets/avatar.js'),
      chunk('assets/profile.js', { isDynamicEntry: true, moduleIds: ['/src/features/profile.tsx'] }),
    ];
    expect(prefetchFiles(chunks, new Map([['availableCoaches', ['/src/features/coaches.tsx']], ['profile', ['/src/features/profile.tsx']]]))).toEqual({
      availableCoaches: ['assets/coaches.js', 'assets/card.js', 'assets/avatar.js'],
      profile: ['assets/profile.js'],
    });
    expect(() => prefetchFiles(chunks, new Map([['gone', ['/src/gone.tsx']]]))).toThrow(/no chunk holds/);
  });

  it('writes them as a JSON block that no file name can close', () => {
    expect(prefetchDataElement({ home: ['assets/a.js'] })).toBe('<script type="application/json" id="screen-prefetch-files">{"home":["assets/a.js"]}</script>');
    const element = prefetchDataElement({ home: ['</script><script>alert(1)</script>'] });
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    const json = element.slice(element.indexOf('>') + 1, element.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual({ home: ['</script><script>alert(1)</script>'] });
  });
});
