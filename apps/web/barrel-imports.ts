import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * Issue 10 (first load): imports through a workspace package's barrel (`@puente/domain`,
 * `@puente/contracts`: an index.ts of `export * from './x'`) are rewritten, in the build only, to
 * import each name from the module that declares it.
 *
 * Why: the bundler places a module by the static import graph it is reached through, before tree
 * shaking. Through a barrel, everything the entry imports reaches every module of both packages, so
 * each schema of each screen (contracts' appointments, domain's prescribing...) sat in the first
 * script. Imported directly, a module is downloaded with the code that uses it. The sources keep
 * their one import of each package ("each rule and shape lives once"); tests and the dev server
 * resolve the barrels as written.
 */

/** Where each exported value of a barrel is declared (name -> absolute file). */
export type ExportMap = ReadonlyMap<string, string>;

const parse = (file: string, code = readFileSync(file, 'utf8')): ts.SourceFile =>
  ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

const hasExport = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

const resolveRelative = (from: string, specifier: string): string | undefined =>
  [`${specifier}.ts`, `${specifier}.tsx`, `${specifier}/index.ts`].map((s) => path.resolve(path.dirname(from), s)).find((f) => existsSync(f));

/**
 * The value names a module exports, each with the module that declares it (following
 * `export * from './x'`; `export { a } from ...` and local `export { a }` count as this module's).
 * Types are left out: their imports are erased anyway.
 */
export function exportMap(file: string, into = new Map<string, string>(), seen = new Set<string>()): Map<string, string> {
  if (seen.has(file)) return into;
  seen.add(file);
  for (const statement of parse(file).statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const specifier = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
      if (!statement.exportClause) {
        const target = specifier?.startsWith('.') ? resolveRelative(file, specifier) : undefined;
        if (!target) throw new Error(`barrel-imports: cannot follow export * from '${specifier}' in ${file}`);
        exportMap(target, into, seen);
      } else if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) if (!element.isTypeOnly) into.set(element.name.text, file);
      }
      continue;
    }
    if (!hasExport(statement)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) into.set(declaration.name.text, file);
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name) {
      into.set(statement.name.text, file);
    }
  }
  return into;
}

/**
 * `code` with its value imports (and named re-exports) from the given barrels pointing at the
 * declaring modules; type-only names stay on the barrel (erased). Undefined when nothing changes.
 * A name the map does not know stays on the barrel too (correct, only not split).
 */
export function rewriteBarrelImports(file: string, code: string, barrels: ReadonlyMap<string, ExportMap>): string | undefined {
  if (![...barrels.keys()].some((name) => code.includes(name))) return undefined;
  const source = parse(file, code);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement);
    if (!isImport && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    const map = barrels.get(specifier.text);
    if (!map) continue;
    let elements: readonly (ts.ImportSpecifier | ts.ExportSpecifier)[];
    if (isImport) {
      const clause = statement.importClause;
      // `import type`, a default or a namespace import: left as it is.
      if (!clause || clause.isTypeOnly || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) continue;
      elements = clause.namedBindings.elements;
    } else {
      if (statement.isTypeOnly || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) continue;
      elements = statement.exportClause.elements;
    }
    const byModule = new Map<string, string[]>();
    const kept: string[] = [];
    for (const element of elements) {
      const imported = (element.propertyName ?? element.name).text;
      const text = element.getText(source);
      const target = element.isTypeOnly ? undefined : map.get(imported);
      if (!target) kept.push(text);
      else byModule.set(target, [...(byModule.get(target) ?? []), text]);
    }
    if (byModule.size === 0) continue;
    const keyword = isImport ? 'import' : 'export';
    const lines = [...byModule].map(([target, names]) => `${keyword} { ${names.join(', ')} } from ${JSON.stringify(target)};`);
    if (kept.length > 0) lines.push(`${keyword} { ${kept.join(', ')} } from ${JSON.stringify(specifier.text)};`);
    const start = statement.getStart(source);
    const end = statement.getEnd();
    // As many line breaks as the statement had: the lines after it keep their numbers (source maps).
    const breaks = code.slice(start, end).split('\n').length - 1;
    edits.push({ start, end, text: lines.join(' ') + '\n'.repeat(breaks) });
  }
  if (edits.length === 0) return undefined;
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** The build plugin: `barrels` maps each package name to its barrel file. */
export function barrelImports(barrels: Record<string, string>): Plugin {
  let maps: Map<string, ExportMap> | undefined;
  return {
    name: 'puente:barrel-imports',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      maps = new Map(Object.entries(barrels).map(([name, file]) => [name, exportMap(file)]));
      for (const file of Object.values(barrels)) this.addWatchFile(file);
    },
    transform(code, id) {
      if (!maps || !/\.tsx?$/.test(id) || id.includes('/node_modules/') || Object.values(barrels).includes(id)) return null;
      const rewritten = rewriteBarrelImports(id, code, maps);
      return rewritten === undefined ? null : { code: rewritten, map: null };
    },
  };
}
