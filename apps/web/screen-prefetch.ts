import { readFileSync } from 'node:fs';
import ts from 'typescript';
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { SCREEN_PREFETCH_ELEMENT_ID, type ScreenPrefetchFiles } from './src/app/screen-prefetch-files.js';
import { inlineJson } from './src/prerender/inline-json.js';

/** A chunk of the build, as the bundle (and firstScreenChunks' probe, vite.config.ts) describes it. */
export interface BuiltChunk {
  fileName: string;
  imports: readonly string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  moduleIds: readonly string[];
}

/**
 * The chunks a screen's page loads before it shows, besides the first script's: the chunks holding
 * the screen's modules and, transitively, what they import statically.
 */
export const screenChunks = <C extends BuiltChunk>(chunks: readonly C[], modules: readonly string[], pathname: string): C[] => {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (files: readonly string[], into = new Set<string>()): Set<string> => {
    for (const file of files) {
      if (into.has(file)) continue;
      into.add(file);
      closure(byFile.get(file)?.imports ?? [], into);
    }
    return into;
  };
  const initial = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const own = chunks.filter((c) => c.isDynamicEntry && c.moduleIds.some((id) => modules.some((m) => id.endsWith(m))));
  if (own.length === 0) throw new Error(`no chunk holds ${modules.join(', ')} (${pathname})`);
  return [...closure(own.map((c) => c.fileName))].flatMap((file) => (initial.has(file) ? [] : [byFile.get(file)!]));
};

/** What the route table says of its lazy screens (read from its source, see routeTableScreens). */
export interface RouteTableScreens {
  /** Each lazily loaded screen's route name -> the specifiers its loader imports (`import('...')`). */
  imports: ReadonlyMap<string, readonly string[]>;
  /** The screens named as likely next ones (NEXT_SCREENS' values). */
  nextScreens: readonly string[];
}

const objectLiteral = (source: ts.SourceFile, name: string): ts.ObjectLiteralExpression => {
  let found: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer && ts.isObjectLiteralExpression(node.initializer)) found = node.initializer;
    else ts.forEachChild(node, visit);
  };
  visit(source);
  if (!found) throw new Error(`screen prefetch: ${source.fileName} has no object ${name}`);
  return found;
};

const propertyName = (property: ts.ObjectLiteralElementLike): string => {
  if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) {
    throw new Error(`screen prefetch: expected \`name: value\`, found ${property.getText()}`);
  }
  return property.name.text;
};

/**
 * Reads the route table's source (src/app/route-table.tsx): `SCREENS` (each route name's
 * `lazyScreen(() => import('...')...)`) and `NEXT_SCREENS` (route name -> the likely next screens).
 */
export const routeTableScreens = (file: string, code = readFileSync(file, 'utf8')): RouteTableScreens => {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const imports = new Map<string, string[]>();
  for (const property of objectLiteral(source, 'SCREENS').properties) {
    const specifiers: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [specifier] = node.arguments;
        if (!specifier || !ts.isStringLiteralLike(specifier)) throw new Error(`screen prefetch: an import() without a literal in ${node.getText()}`);
        specifiers.push(specifier.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(property);
    const name = propertyName(property);
    if (specifiers.length === 0) throw new Error(`screen prefetch: the screen ${name} imports nothing`);
    imports.set(name, specifiers);
  }
  const nextScreens = new Set<string>();
  for (const property of objectLiteral(source, 'NEXT_SCREENS').properties) {
    propertyName(property);
    const value = (property as ts.PropertyAssignment).initializer;
    if (!ts.isArrayLiteralExpression(value)) throw new Error(`screen prefetch: NEXT_SCREENS' ${property.getText()} is not a list`);
    for (const element of value.elements) {
      if (!ts.isStringLiteralLike(element)) throw new Error(`screen prefetch: NEXT_SCREENS names ${element.getText()}`);
      nextScreens.add(element.text);
    }
  }
  return { imports, nextScreens: [...nextScreens] };
};

/**
 * The files of each likely next screen (those the first script does not already hold), for the
 * runtime's prefetch (src/app/screen-prefetch-files.ts).
 */
export const prefetchFiles = (chunks: readonly BuiltChunk[], screens: ReadonlyMap<string, readonly string[]>): ScreenPrefetchFiles =>
  Object.fromEntries([...screens].map(([name, modules]) => [name, screenChunks(chunks, modules, name).map((c) => c.fileName)]));

/** The data block a page carries (not a script the browser runs: its type is JSON). */
export const prefetchDataElement = (files: ScreenPrefetchFiles): string =>
  `<script type="application/json" id="${SCREEN_PREFETCH_ELEMENT_ID}">${inlineJson(files)}</script>`;

/**
 * Issue 10 (first load, TBT): the likely next screens (the route table's NEXT_SCREENS) were fetched
 * with `import()` once a screen was shown, and `import()` also runs each module as it arrives (the
 * coaches' list and the profile after /inicio, before anyone asked for them). Lighthouse's blocking
 * time on /inicio without any prefetch was about 50 ms lower (a phone's CPU); the bench's script time
 * in the 4 s after /inicio answers went from 43 to 38 ms (unthrottled) with this. The app now fetches them as
 * `<link rel="modulepreload">` (fetched and compiled, run when the screen opens), which needs each
 * screen's files: the route table names its modules, the build knows their chunks. Every page gets
 * the list as a JSON block in its HTML (index.html, so the route shells too).
 */
export function screenPrefetch(routeTable: string): Plugin {
  // Route name -> the resolved modules its loader imports (the likely next screens only).
  let modules = new Map<string, string[]>();
  return {
    name: 'puente:screen-prefetch',
    apply: 'build',
    async buildStart() {
      const { imports, nextScreens } = routeTableScreens(routeTable);
      modules = new Map();
      for (const name of nextScreens) {
        const specifiers = imports.get(name);
        if (!specifiers) throw new Error(`screen prefetch: NEXT_SCREENS names ${name}, which is not a lazy screen of ${routeTable}`);
        const ids = await Promise.all(
          specifiers.map(async (specifier) => {
            const resolved = await this.resolve(specifier, routeTable);
            if (!resolved) throw new Error(`screen prefetch: ${specifier} (${name}) does not resolve`);
            return resolved.id;
          }),
        );
        modules.set(name, ids);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html: string, ctx: IndexHtmlTransformContext) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        if (!html.includes('</head>')) throw new Error('screen prefetch: index.html has no </head>');
        return html.replace('</head>', () => `  ${prefetchDataElement(prefetchFiles(chunks, modules))}\n  </head>`);
      },
    },
  };
}
