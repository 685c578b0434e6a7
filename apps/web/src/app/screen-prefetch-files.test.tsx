import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { whenIdle } from '@/lib/idle';
import { stubIdleCallbacks } from '@/test/idle-callbacks';
import { renderApp } from '@/test/render-app';
import { modulePreload, SCREEN_PREFETCH_ELEMENT_ID, screenPrefetchFiles } from './screen-prefetch-files';

const preloads = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')] as HTMLLinkElement[];

afterEach(() => {
  for (const link of preloads()) link.remove();
  document.getElementById(SCREEN_PREFETCH_ELEMENT_ID)?.remove();
});

describe("the likely next screens' files, fetched without running them (issue 10, TBT)", () => {

  it("reads the page's list; a page without one (the dev server, tests) or with an unreadable one has none", () => {
    expect(screenPrefetchFiles()).toBeNull();
    document.head.insertAdjacentHTML('beforeend', `<script type="application/json" id="${SCREEN_PREFETCH_ELEMENT_ID}">{"home":["assets/home-1.js"]}</script>`);
    expect(screenPrefetchFiles()).toEqual({ home: ['assets/home-1.js'] });
    document.getElementById(SCREEN_PREFETCH_ELEMENT_ID)!.textContent = '{';
    expect(screenPrefetchFiles()).toBeNull();
  });

  it('asks for each file as a low-priority module preload, not again for one the page has, and settles once each has loaded or failed', async () => {
    document.head.insertAdjacentHTML('beforeend', '<link rel="modulepreload" crossorigin href="/assets/shared-1.js">');
    let settled = false;
    const done = modulePreload(['assets/coaches-1.js', 'assets/shared-1.js', 'assets/card-1.js'], whenIdle).then(() => (settled = true));
    const added = preloads().slice(1);
    expect(added.map((link) => [link.getAttribute('href'), link.getAttribute('crossorigin'), link.getAttribute('fetchpriority')])).toEqual([
      ['/assets/coaches-1.js', '', 'low'],
      ['/assets/card-1.js', '', 'low'],
    ]);
    added[0]!.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(settled).toBe(false);
    added[1]!.dispatchEvent(new Event('error')); // the screen's import retries when it opens
    await done;
    expect(settled).toBe(true);
    // Asked again (the screen shown a second time): nothing new.
    await modulePreload(['assets/coaches-1.js'], whenIdle);
    expect(preloads()).toHaveLength(3);
  });
});

describe('a shown screen prefetches the likely next one from the list once the browser is idle (issue 10, TBT)', () => {
  const { runIdleCallbacks } = stubIdleCallbacks();

  it('a screen with many files gets its links a few at a time, the next ones when the browser is idle again (no long task), and settles once all have loaded', async () => {
    const files = Array.from({ length: 20 }, (_, i) => `assets/screen-part-${i}.js`);
    let settled = false;
    const done = modulePreload(files, whenIdle).then(() => (settled = true));
    expect(preloads()).toHaveLength(4);
    await runIdleCallbacks();
    expect(preloads()).toHaveLength(8);
    for (let i = 0; i < 3; i++) await runIdleCallbacks();
    expect(preloads().map((link) => link.getAttribute('href'))).toEqual(files.map((file) => `/${file}`));
    for (const link of preloads()) link.dispatchEvent(new Event('load'));
    await done;
    expect(settled).toBe(true);
  });

  const verifyScreenLink = () => document.head.querySelector('link[rel="modulepreload"][href="/assets/verify-phone-screen-1.js"]');

  it('/login asks for the code check\'s files as module preloads (the build\'s list), after the rest of its messages', async () => {
    document.body.insertAdjacentHTML('beforeend', `<script type="application/json" id="${SCREEN_PREFETCH_ELEMENT_ID}">{"verifyPhoneNumber":["assets/verify-phone-screen-1.js"]}</script>`);
    renderApp('/login');
    await screen.findByTestId('login-screen');
    expect(verifyScreenLink()).toBeNull();
    await runIdleCallbacks(); // the rest of the messages
    await waitFor(async () => {
      await runIdleCallbacks();
      expect(verifyScreenLink()?.getAttribute('fetchpriority')).toBe('low');
    });
  });
});
