import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { RETRY } from '@puente/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, member } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

/**
 * A signed-in member who opens the app with no network (the service worker serves its shell): the
 * member cannot be fetched. She saw "Loading…" for ever: the layout's spinner while the member was
 * fetched, the screen once the fetch had failed, which fetched her again as it mounted, and so on.
 */
let online = true;
const goOnline = (value: boolean) => {
  online = value;
  act(() => void window.dispatchEvent(new Event(value ? 'online' : 'offline')));
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  online = true;
});

describe('opening the app offline (signed in)', () => {
  it.each([
    ['es', 'Sin conexión. Revisa tu internet e inténtalo de nuevo.', 'Sin conexión a internet. Seguimos en cuanto vuelva la conexión.'],
    ['en', 'No connection. Check your internet and try again.', "You're offline. We'll carry on as soon as the connection is back."],
  ] as const)('in %s says so once the fetch has failed, stops fetching, and shows the screen when the connection is back', async (language, message, banner) => {
    online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    window.localStorage.setItem('sessionToken', 'st_1');
    const { calls, fetchMock } = installFakeFetch((call) => (call.url === '/api/graphql' ? { status: 200, body: { data: { getMember: member() } } } : undefined));
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => (online ? answer(input, init) : Promise.reject(new TypeError('Failed to fetch'))));
    // The clock runs as usual and jumps over the api client's retry waits (not waited for).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/perfil', { language });

    // The banner from the start; the screen's place, once the api client's retries are spent.
    expect(screen.getByTestId('offline-banner').textContent).toBe(banner);
    await vi.advanceTimersByTimeAsync((RETRY.count + 1) * RETRY.delayMs);
    expect((await screen.findByRole('alert', {}, { timeout: 8_000 })).textContent).toBe(message);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(message);
    // No more fetching round and round: the member's fetches stop with the failed one.
    const fetched = calls.filter((c) => c.url === '/api/graphql').length;
    await vi.advanceTimersByTimeAsync(5 * RETRY.delayMs);
    expect(calls.filter((c) => c.url === '/api/graphql').length).toBe(fetched);

    // Back online: she is fetched again by herself, the banner goes, the screen shows.
    goOnline(true);
    expect(await screen.findByTestId('profile-name', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('offline-banner').textContent).toBe('');
    expect(screen.queryByTestId('screen-error')).toBeNull();
  }, 20_000);

  it("the screen's retry fetches her again (the server failing, online)", async () => {
    window.localStorage.setItem('sessionToken', 'st_1');
    let failing = true;
    const { calls } = installFakeFetch((call) => {
      if (call.url !== '/api/graphql') return undefined;
      return failing ? { status: 503, body: { error: { code: 'UNKNOWN_ERROR', status: 503, message: 'x' } } } : { status: 200, body: { data: { getMember: member() } } };
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/perfil', { language: 'en' });
    await vi.advanceTimersByTimeAsync((RETRY.count + 1) * RETRY.delayMs);
    expect((await screen.findByRole('alert', {}, { timeout: 8_000 })).textContent).toBe('The request could not be processed.');
    expect(screen.getByTestId('offline-banner').textContent).toBe('');
    failing = false;
    const before = calls.length;
    fireEvent.click(screen.getByTestId('screen-error-retry'));
    expect(await screen.findByTestId('profile-name', {}, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
  }, 20_000);
});
