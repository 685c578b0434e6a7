/**
 * Issue 10 (first load): a page's first requests, started by its HTML before the app's scripts have
 * arrived (the inline script src/prerender/early-requests-script.ts writes). On a phone on slow 4G the
 * first script takes a second or more to download; the member (and /inicio's topics, /consulta/historial's
 * first page) used to be asked for only after it had run, one more round trip before the screen showed.
 *
 * The app does not read these answers directly: `apiRequest` sends each request as it always has, and
 * its first attempt takes the early answer instead of fetching when one was started for the very same
 * request: method, path, body and headers (so the session token it would send now). Everything after that (the
 * status rules, the retry, the transport errors, the schema) is the same code as for any answer.
 */

/** The global the HTML's script fills (one page, one set). */
export const EARLY_REQUESTS_GLOBAL = '__puenteEarlyRequests';

/**
 * Not in the spec: how long after the page began an early answer is still taken. The app asks for
 * these at start (the member, the screen's first data); a request made later is sent as usual, so an
 * answer from the page's first seconds is never shown as current long after.
 */
export const EARLY_REQUESTS_MAX_AGE_MS = 10_000;

/** What the HTML's script leaves on the window. */
export interface EarlyRequests {
  /** The session token the requests were sent with. */
  token: string;
  /** When they were sent (Date.now()). */
  at: number;
  /** Each request's answer by its key (earlyRequestKey). */
  responses: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    [EARLY_REQUESTS_GLOBAL]?: EarlyRequests;
  }
}

/** A request's key: its method, its path and query, its body and its headers, as sent. */
export const earlyRequestKey = (method: string, path: string, body: string | undefined, headers: Readonly<Record<string, string>>): string =>
  `${method} ${path}\n${body ?? ''}\n${JSON.stringify(headers)}`;

/**
 * The answer of the early request with this key (sent with `token`), once: a second identical request
 * fetches. Nothing when there is none, when the session changed since (every early answer is then
 * dropped), or when the page began more than EARLY_REQUESTS_MAX_AGE_MS ago. `key` is only worked out
 * while the page holds early answers (every request of the app comes here).
 */
export const takeEarlyResponse = (key: () => string, token: string): Promise<Response> | undefined => {
  if (typeof window === 'undefined') return undefined;
  const early = window[EARLY_REQUESTS_GLOBAL];
  if (!early) return undefined;
  if (early.token !== token || Date.now() - early.at > EARLY_REQUESTS_MAX_AGE_MS) {
    delete window[EARLY_REQUESTS_GLOBAL];
    return undefined;
  }
  const wanted = key();
  const response = early.responses[wanted];
  delete early.responses[wanted];
  return response;
};
