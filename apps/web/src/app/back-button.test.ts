import { afterEach, describe, expect, it } from 'vitest';
import { blockBackButton, type BackButtonBlock } from './back-button';

let block: BackButtonBlock | undefined;
afterEach(() => block?.dispose());

/** Resolves once `count` popstate events have been dispatched (seen before any listener can stop them). */
const pops = (count: number) =>
  new Promise<void>((resolve) => {
    let seen = 0;
    const onPop = () => {
      if (++seen < count) return;
      window.removeEventListener('popstate', onPop, { capture: true });
      // The block's own listener runs after this one, at the same dispatch: let it finish.
      setTimeout(resolve, 0);
    };
    window.addEventListener('popstate', onPop, { capture: true });
  });

describe('the disabled back button (spec 9)', () => {
  it('undoes a back pressed right after a move, before anything has rendered it; the router never hears of it', async () => {
    window.history.replaceState({ idx: 0, key: 'a' }, '', '/a');
    block = blockBackButton(window);
    const routerHeard: string[] = [];
    const router = () => routerHeard.push(window.location.pathname);
    window.addEventListener('popstate', router);
    try {
      // As BrowserRouter writes a move: at once, while React renders it later.
      window.history.pushState({ idx: 1, key: 'b' }, '', '/b');
      const undone = pops(2);
      window.history.back();
      await undone;
      expect(window.location.pathname).toBe('/b');
      expect(routerHeard).toEqual([]);
      // A replaced entry keeps its index; back is still undone from it.
      window.history.replaceState({ idx: 1, key: 'c' }, '', '/c');
      const again = pops(2);
      window.history.back();
      await again;
      expect(window.location.pathname).toBe('/c');
      expect(routerHeard).toEqual([]);
    } finally {
      window.removeEventListener('popstate', router);
    }
  });

  it('leaves a pop to an entry the router did not write (a same-page anchor) to the router', async () => {
    window.history.replaceState({ idx: 0, key: 'a' }, '', '/a');
    block = blockBackButton(window);
    window.history.pushState(null, '', '/a#main');
    const popped = pops(1);
    window.history.back();
    await popped;
    expect(window.location.pathname + window.location.hash).toBe('/a');
  });
});
