// Renders screens of the built app to HTML (issue 10, first load): run by the browser build's route
// shells (vite.config.ts) on the server build of src/prerender/entry.tsx. Prints
// { pages: { path: { html, styles } }, placeholder: { html, styles }, earlyRequestsScript }
// (see src/prerender/entry.tsx and early-requests-script.ts).
// Exits when done: the app's modules keep timers and listeners that would hold the process open.
import { pathToFileURL } from 'node:url';

const [bundle, paths] = process.argv.slice(2);
// As the browser's build: React's and MUI's production code (no development labels in class names).
process.env.NODE_ENV = 'production';
try {
  const { prerender, placeholder, earlyRequestsScript } = await import(pathToFileURL(bundle).href);
  const pages = {};
  for (const pathname of JSON.parse(paths)) pages[pathname] = await prerender(pathname);
  process.stdout.write(JSON.stringify({ pages, placeholder: placeholder(), earlyRequestsScript: earlyRequestsScript() }));
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
