import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnceNeeded } from './once-needed';

afterEach(() => vi.restoreAllMocks());

describe('a part loaded when first needed', () => {
  it('is not rendered (nor loaded) before it is needed, then shows', async () => {
    const load = vi.fn(() => Promise.resolve({ default: () => <p>the dialog</p> }));
    const Dialog = lazy(load);
    const page = (when: boolean) => (
      <OnceNeeded when={when}>
        <Dialog />
      </OnceNeeded>
    );
    const view = render(page(false));
    expect(load).not.toHaveBeenCalled();
    view.rerender(page(true));
    expect(await screen.findByText('the dialog')).toBeTruthy();
  });

  it('whose code cannot load (offline on a first visit) shows nothing, and the page around it stays', async () => {
    const failed = new Error('Failed to fetch dynamically imported module');
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    const Dialog = lazy(() => Promise.reject(failed));
    render(
      <main>
        <p>the screen</p>
        <OnceNeeded when>
          <Dialog />
        </OnceNeeded>
      </main>,
    );
    await vi.waitFor(() => expect(console).toHaveBeenCalledWith('a part loaded when needed could not load', failed));
    expect(screen.getByText('the screen')).toBeTruthy();
  });

  it('whose code cannot load does what it is given instead (once per time it is wanted)', async () => {
    vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    const failed = vi.fn();
    const Dialog = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    const page = (when: boolean) => (
      <OnceNeeded when={when} onLoadFailed={failed}>
        <Dialog />
      </OnceNeeded>
    );
    const view = render(page(true));
    await vi.waitFor(() => expect(failed).toHaveBeenCalledTimes(1));
    view.rerender(page(false));
    view.rerender(page(true));
    await vi.waitFor(() => expect(failed).toHaveBeenCalledTimes(2));
  });
});
