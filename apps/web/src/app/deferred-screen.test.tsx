import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { holdRequests, installFakeFetch, member } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

describe('the first screen mounts in a deferred render (issue 10, TBT)', () => {
  it("the render that learns of the member shows the layout and its spinner; the screen follows in a render of its own, which React can slice", async () => {
    // As in a browser: React schedules each render itself (in act(), a test's renders are flushed together).
    const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = environment.IS_REACT_ACT_ENVIRONMENT;
    environment.IS_REACT_ACT_ENVIRONMENT = false;
    onTestFinished(() => void (environment.IS_REACT_ACT_ENVIRONMENT = actEnvironment));
    window.localStorage.setItem('sessionToken', 'st_1');
    const { fetchMock } = installFakeFetch((call) => (call.url === '/api/graphql' ? { status: 200, body: { data: { getMember: member() } } } : undefined));
    const release = holdRequests(fetchMock, 'getMember');
    // What the page showed after each change of the DOM (a mutation observer's callback runs after
    // each render's commit, before the next task).
    const shown: string[] = [];
    const observer = new MutationObserver(() => {
      const main = document.querySelector('main');
      const now = !main ? 'waiting' : main.querySelector('[data-testid="profile-screen"]') ? 'screen' : main.querySelector('[role="progressbar"]') ? 'layout with spinner' : 'layout';
      if (shown.at(-1) !== now) shown.push(now);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    onTestFinished(() => observer.disconnect());
    renderApp('/perfil');
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => String(init?.body).includes('getMember'))).toBe(true));
    release();
    expect(await screen.findByTestId('profile-screen')).toBeTruthy();
    expect(shown).toEqual(['waiting', 'layout with spinner', 'screen']);
  });
});
