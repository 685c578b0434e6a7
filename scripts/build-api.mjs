// `npm run build:api`: the API server as plain JavaScript in apps/api/dist (what `npm run serve`
// runs in production), so a node does not carry a TypeScript transformer at run time: tsx's loader,
// esbuild's service process, the transformed-source cache and the `__name` wrapper tsx puts on every
// named function (a property store on each closure, many per connected socket) are all absent.
// Our workspace packages (TypeScript sources) are bundled in; npm packages stay external and load
// from node_modules as usual.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const api = path.join(root, 'apps/api');
const outdir = path.join(api, 'dist');

/** Keeps `import.meta.url` meaning the source file's own address (paths to drizzle/, web/dist). */
const sourceUrls = (outdir) => ({
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      if (contents.includes('import.meta.url')) {
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        contents = contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`);
      }
      return { contents, loader: 'ts' };
    });
  },
});

/** npm packages stay external; our workspace packages are TypeScript and are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@puente/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Bundles `entryPoints` (name -> TypeScript file) into `outdir` the way the API is built; the
 * benchmarks build their server process with it too, so they measure what production runs.
 */
export async function buildServerBundle(entryPoints, outdir) {
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    keepNames: false,
    logLevel: 'warning',
    plugins: [sourceUrls(outdir), externalPackages],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServerBundle({ main: path.join(api, 'src/main.ts'), migrate: path.join(api, 'src/migrate.ts') }, outdir);
  console.log(`API built in ${path.relative(root, outdir)}`);
}
