import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRY } from '@puente/domain';
import { getTopicsTemplate } from '@/features/home/api/get-topics-template';
import { fetchMember } from '@/features/profile/api/get-member';
import { getHistoryPage, historyPagePath } from '@/features/record/api/get-history-page';
import { apiRequest } from '@/lib/api-client';
import { template } from '@/test/consultation-fixtures';
import { installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { EARLY_REQUESTS_GLOBAL, EARLY_REQUESTS_MAX_AGE_MS } from '@/lib/early-requests';
import { resetSessionForTests, setSessionToken } from '@/lib/session';
import { earlyRequestsScript } from './early-requests-script';

// Issue 10 (first load): the page's HTML sends its first requests before the app's scripts arrive;
// the app's own requests take those answers instead of asking again.
const MEMBER = member();
const HISTORY = { items: [], nextCursor: null };

const answer = (call: FakeCall) => {
  const body = JSON.stringify(call.body ?? '');
  if (call.url.startsWith('/api/records/history')) return { status: 200, body: HISTORY };
  if (body.includes('GetMember')) return { status: 200, body: { data: { getMember: MEMBER } } };
  if (body.includes('GetConsultationTopicsTemplate')) return { status: 200, body: { data: { getConsultationTopicsTemplate: template() } } };
  return undefined;
};

/** A signed-in member's stored state, then the page's inline script run at `path`. */
const openPage = (path: string, stored: Record<string, string> = { sessionToken: 'st_1', 'device-id': 'dev-1' }) => {
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  window.history.replaceState(null, '', path);
  new Function(earlyRequestsScript())();
};

const requestsOf = (calls: readonly FakeCall[]) => calls.map((c) => `${c.method} ${c.url} ${JSON.stringify(c.body ?? '').match(/query (\w+)/)?.[1] ?? ''}`.trim());

beforeEach(() => {
  localStorage.clear();
  resetSessionForTests();
  delete window[EARLY_REQUESTS_GLOBAL];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a page's early requests", () => {
  it('/consulta/historial sends the member and the first page from its HTML; the app then takes both answers instead of asking again', async () => {
    const { calls } = installFakeFetch(answer);
    openPage('/consulta/historial');
    expect(requestsOf(calls)).toEqual(['POST /api/graphql GetMember', 'GET /api/records/history?limit=20']);
    const early = [...calls];

    await expect(fetchMember()).resolves.toMatchObject(MEMBER);
    await expect(getHistoryPage(null)).resolves.toEqual(HISTORY);
    expect(calls).toHaveLength(2);
    expect(window[EARLY_REQUESTS_GLOBAL]?.responses).toEqual({});

    // Asked again, they are sent as usual, and exactly as the HTML sent them (headers and body).
    await fetchMember();
    await getHistoryPage(null);
    expect(calls.slice(2)).toEqual(early);
  });

  it("/inicio also sends the topics, in the stored language; other pages send the member only; a page with no session sends nothing", async () => {
    const { calls } = installFakeFetch(answer);
    openPage('/inicio', { sessionToken: 'st_1', 'device-id': 'dev-1', language: 'en' });
    expect(requestsOf(calls)).toEqual(['POST /api/graphql GetMember', 'POST /api/graphql GetConsultationTopicsTemplate']);
    expect(calls[1]!.body).toMatchObject({ variables: { lang: 'en' } });
    await getTopicsTemplate('en');
    await fetchMember();
    expect(calls).toHaveLength(2);

    calls.length = 0;
    openPage('/perfil');
    expect(requestsOf(calls)).toEqual(['POST /api/graphql GetMember']);

    calls.length = 0;
    localStorage.clear();
    delete window[EARLY_REQUESTS_GLOBAL];
    openPage('/inicio', {});
    expect(calls).toEqual([]);
    expect(window[EARLY_REQUESTS_GLOBAL]).toBeUndefined();
  });

  it('an answer is only taken with the session it was asked with, and only in the first seconds of the page', async () => {
    const { calls } = installFakeFetch(answer);
    openPage('/consulta/historial');
    setSessionToken('st_2'); // another session since (a sign-out and sign-in)
    await fetchMember();
    expect(calls).toHaveLength(3);
    expect(calls[2]!.headers.authorization).toBe('Bearer st_2');
    expect(window[EARLY_REQUESTS_GLOBAL]).toBeUndefined();

    calls.length = 0;
    resetSessionForTests();
    openPage('/consulta/historial');
    vi.useFakeTimers({ now: Date.now() + EARLY_REQUESTS_MAX_AGE_MS + 1, toFake: ['Date'] });
    await getHistoryPage(null);
    expect(requestsOf(calls)).toEqual(['POST /api/graphql GetMember', 'GET /api/records/history?limit=20', 'GET /api/records/history?limit=20']);
  });

  it('a request that differs in any header (here the language asked for) is not the early one: it is sent, and the early answer stays for its own request', async () => {
    const { calls } = installFakeFetch(answer);
    openPage('/consulta/historial');
    await apiRequest(historyPagePath(null), { language: 'en' });
    expect(calls).toHaveLength(3);
    expect(calls[2]!.headers['accept-language']).toBe('en');
    await getHistoryPage(null);
    expect(calls).toHaveLength(3);
  });

  it("with a session, on the record's history, the browser's time zone is asked once the page has shown its first content (not while the HTML is read); without one, or on a page that shows no date at once, not at all", () => {
    installFakeFetch(answer);
    // The page's paint entries as Chromium reports them: the first paint, then the first contentful one.
    let report: ((entries: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void) | undefined;
    const observed: unknown[] = [];
    const disconnect = vi.fn();
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe(options: unknown) {
          observed.push(options);
        }
        disconnect = disconnect;
      },
    );
    const paint = (name: string) => report!({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }, { disconnect });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const asked = vi.fn(() => ({ resolvedOptions: () => ({ timeZone: 'America/Mexico_City' }) }));
    vi.stubGlobal('Intl', { ...Intl, DateTimeFormat: asked });

    openPage('/consulta/historial');
    expect(observed).toEqual([{ type: 'paint', buffered: true }]);
    paint('first-paint');
    vi.runAllTimers();
    expect(asked).not.toHaveBeenCalled();
    paint('first-contentful-paint');
    expect(disconnect).toHaveBeenCalled();
    expect(asked).not.toHaveBeenCalled(); // in a task of its own, after the paint's report
    vi.runAllTimers();
    expect(asked).toHaveBeenCalledTimes(1);

    observed.length = 0;
    localStorage.clear();
    delete window[EARLY_REQUESTS_GLOBAL];
    openPage('/consulta/historial', {});
    expect(observed).toEqual([]);

    // The home shows a date only for a scheduled consultation: nothing asks the zone while it loads.
    delete window[EARLY_REQUESTS_GLOBAL];
    openPage('/inicio');
    expect(observed).toEqual([]);
    vi.runAllTimers();
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('an early request that failed is retried by the app as any failed request is, and nothing is left unhandled', async () => {
    // (A rejection nobody handles is reported to the process here, and to the window in a browser.)
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      let offline = true;
      const { calls, fetchMock } = installFakeFetch(answer);
      // Not the mock itself while offline: a spy handles every promise it returns (to record it),
      // so a rejection nobody else handled would go unseen.
      vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
        const answered = fetchMock(input, init); // recorded
        return offline ? Promise.reject(new TypeError('Failed to fetch')) : answered;
      });
      openPage('/consulta/historial');
      offline = false;
      const member = fetchMember();
      await vi.advanceTimersByTimeAsync(RETRY.delayMs);
      await expect(member).resolves.toMatchObject(MEMBER);
      expect(requestsOf(calls)).toEqual(['POST /api/graphql GetMember', 'GET /api/records/history?limit=20', 'POST /api/graphql GetMember']);
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
