/**
 * spec 9: the browser's back button is disabled: a history "pop" (back, or forward) within the app
 * is undone at once, and the screen stays as it was.
 *
 * React Router's BrowserRouter keeps an index in each history entry it writes (`idx`), and reads a
 * pop in its own `popstate` listener. This one is added first (before the router starts, see
 * App), so it sees the pop before the router does: it stops the event there (the router never
 * moves), goes back to the entry the app was on, and swallows the `popstate` of that return too.
 * A pop to an entry the router did not write (no index: a same-page anchor's) is left to it.
 *
 * The entry the app is on is noted as each one is written (pushState, replaceState): not when
 * React has rendered it, which comes later, in a transition (a screen still loading its chunk),
 * and a back pressed in between was let through.
 */
export interface BackButtonBlock {
  dispose(): void;
}

const indexOf = (state: unknown): number | undefined => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
};

export function blockBackButton(win: Window): BackButtonBlock {
  const history = win.history;
  let at = indexOf(history.state);
  let undoing = false;
  const onPop = (event: PopStateEvent) => {
    if (undoing) {
      undoing = false;
      event.stopImmediatePropagation();
      return;
    }
    const to = indexOf(event.state);
    if (to === undefined || at === undefined || to === at) {
      at = to;
      return;
    }
    event.stopImmediatePropagation();
    undoing = true;
    history.go(at - to);
  };
  win.addEventListener('popstate', onPop);
  const pushState = history.pushState;
  const replaceState = history.replaceState;
  history.pushState = function (...args: Parameters<History['pushState']>) {
    pushState.apply(this, args);
    at = indexOf(history.state);
  };
  history.replaceState = function (...args: Parameters<History['replaceState']>) {
    replaceState.apply(this, args);
    at = indexOf(history.state);
  };
  return {
    dispose: () => {
      win.removeEventListener('popstate', onPop);
      history.pushState = pushState;
      history.replaceState = replaceState;
    },
  };
}

let current: BackButtonBlock | undefined;

/** Blocks the back button on this page (once: the app and each test's render call it). */
export const disableBackButton = (win: Window = window): BackButtonBlock => (current ??= blockBackButton(win));
