/**
 * The files of each likely next screen (route name -> its chunks' files, relative to the site's
 * root), which the build writes into every page's HTML (screen-prefetch.ts, beside vite.config.ts).
 * The build reads this module too: nothing here may touch the DOM when it loads.
 */
export type ScreenPrefetchFiles = Readonly<Record<string, readonly string[]>>;

/** The id of the page's JSON block holding them. */
export const SCREEN_PREFETCH_ELEMENT_ID = 'screen-prefetch-files';

/** The page's list, or null where there is none (the dev server, tests) or it cannot be read. */
export const screenPrefetchFiles = (): ScreenPrefetchFiles | null => {
  const text = document.getElementById(SCREEN_PREFETCH_ELEMENT_ID)?.textContent;
  try {
    return text ? (JSON.parse(text) as ScreenPrefetchFiles) : null;
  } catch {
    return null;
  }
};

// Not in the spec: how many links one task adds (issue 10, TBT). Adding one starts its request at once,
// 2 to 4 ms of a phone's CPU (4x): a next screen of /inicio added its links in one task of 110 ms, and
// eight at a time were still a 57 ms task.
const LINKS_PER_TASK = 4;

/**
 * Fetches the files as `<link rel="modulepreload">`: the browser downloads and compiles each module
 * without running it (it runs when the screen is opened). A file already in the page (its shell's
 * links, Vite's own preloads of a screen opened before) is not asked again. The links go in
 * LINKS_PER_TASK at a time, the next ones in `later` (the app's whenIdle: this module imports
 * nothing, see above), so none of it is a long task. Settles once each link has loaded or failed (a
 * failure is the screen's to meet when it opens: its import retries).
 */
export const modulePreload = (files: readonly string[], later: (run: () => void) => unknown): Promise<void> => {
  const links = files.flatMap((file) => {
    const href = `/${file}`;
    if (document.querySelector(`link[href="${href}"]`)) return [];
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.setAttribute('crossorigin', '');
    link.setAttribute('fetchpriority', 'low');
    link.href = href;
    return [link];
  });
  const settled = links.map(
    (link) =>
      new Promise<void>((resolve) => {
        link.addEventListener('load', () => resolve());
        link.addEventListener('error', () => resolve());
      }),
  );
  const add = (from: number): void => {
    for (const link of links.slice(from, from + LINKS_PER_TASK)) document.head.appendChild(link);
    if (from + LINKS_PER_TASK < links.length) later(() => add(from + LINKS_PER_TASK));
  };
  add(0);
  return Promise.all(settled).then(() => undefined);
};
