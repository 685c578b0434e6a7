import { GQL, GRAPHQL_PATH, TOPICS_GQL } from '@puente/contracts';
import { DEFAULT_LANGUAGE, LANGUAGES, ROUTES, type Language } from '@puente/domain';
import { historyPagePath } from '@/features/record/api/get-history-page';
import { graphqlPayload, requestHeaders } from '@/lib/api-client';
import { EARLY_REQUESTS_GLOBAL, earlyRequestKey } from '@/lib/early-requests';
import { STORAGE_KEYS } from '@/lib/storage';
import { inlineJson } from './inline-json';

/**
 * Issue 10 (first load): the requests a page's HTML starts before the app's scripts arrive (see
 * src/lib/early-requests.ts), each exactly as the app sends it when it starts. `pages`: the paths
 * where the app asks for it at once (null: every page with a session).
 */
interface EarlyRequest {
  pages: readonly string[] | null;
  method: 'GET' | 'POST';
  path: string;
  /** The body in the language the app starts in (the stored choice, else the default). */
  body: (language: Language) => string | undefined;
}

const graphqlBody = (query: string, variables: Record<string, unknown>): string => JSON.stringify(graphqlPayload(query, variables));

const EARLY_REQUESTS: readonly EarlyRequest[] = [
  // The member: RootLayout waits for her before any signed-in screen (getMember, fetchMember).
  { pages: null, method: 'POST', path: GRAPHQL_PATH, body: () => graphqlBody(GQL.getMember, {}) },
  // /inicio's topics (its largest text), fetched with the member (route-table's ROUTE_DATA, getTopicsTemplate).
  {
    pages: [ROUTES.home.path, ...(ROUTES.home.aliases ?? [])],
    method: 'POST',
    path: GRAPHQL_PATH,
    body: (language) => graphqlBody(TOPICS_GQL.getConsultationTopicsTemplate, { lang: language }),
  },
  // /consulta/historial's first page (getHistoryPage(null)).
  { pages: [ROUTES.history.path], method: 'GET', path: historyPagePath(null), body: () => undefined },
];

/** The pages whose first screen formats dates at once (the record's history: getTimeZone, its dates). */
const TIME_ZONE_PAGES: readonly string[] = [ROUTES.history.path];

// Stand-ins the script swaps for the stored values in the headers the app would send (and in the keys, which hold them).
const TOKEN = '{token}';
const DEVICE = '{device}';

/** What the script is given: each request with its headers, and its body and key by language. */
const scriptData = () =>
  EARLY_REQUESTS.map((r) => {
    const bodies = Object.fromEntries(LANGUAGES.map((language) => [language, r.body(language)]));
    const headers = requestHeaders(TOKEN, DEVICE, bodies[DEFAULT_LANGUAGE] === undefined ? undefined : 'application/json');
    return {
      pages: r.pages,
      method: r.method,
      path: r.path,
      headers,
      bodies,
      keys: Object.fromEntries(LANGUAGES.map((language) => [language, earlyRequestKey(r.method, r.path, bodies[language], headers)])),
    };
  });

/**
 * The inline script (in every page's head, before the app's first script; the API allows it by its
 * hash): with a stored session and device id, it sends this page's early requests and leaves their
 * answers on `window[EARLY_REQUESTS_GLOBAL]` for apiRequest. Without a session it does nothing. A
 * failed request is the app's to see (it then sends its own); no failure escapes the script.
 *
 * On a page whose first screen shows dates (TIME_ZONE_PAGES), it also asks the browser for its time
 * zone once the page has shown its first content (in a task after the first contentful paint: asked
 * after the first frame instead, the first content came about 0.1 s later in Lighthouse's runs), as
 * lib/time-zone.ts's getTimeZone does: the first date format a page makes costs the browser 40-100 ms
 * (its calendar and locale data; 4x that with a phone's CPU), which otherwise fell in the middle of
 * the first screen's render. Asked here, it is answered while the page waits for its scripts (issue
 * 10, LCP). Elsewhere nothing asks it while the page loads (the home formats a date only for a
 * scheduled consultation), and the question would be a long task of its own (issue 10, TBT).
 */
export const earlyRequestsScript = (): string => {
  const args = [scriptData(), EARLY_REQUESTS_GLOBAL, STORAGE_KEYS.sessionToken, STORAGE_KEYS.deviceId, STORAGE_KEYS.language, LANGUAGES, DEFAULT_LANGUAGE, TOKEN, DEVICE, TIME_ZONE_PAGES];
  return (
    '(function(q,g,tk,dk,lk,ls,df,tm,dm,z){try{var s=localStorage,t=s.getItem(tk),d=s.getItem(dk),l=s.getItem(lk),p=location.pathname,e={token:t,at:Date.now(),responses:{}};' +
    'if(!t||!d)return;if(ls.indexOf(l)<0)l=df;' +
    'var v=function(x){return x.split(tm).join(t).split(dm).join(d)};' +
    'q.forEach(function(r){if(r.pages&&r.pages.indexOf(p)<0)return;var h={},b=r.bodies[l];' +
    'for(var n in r.headers)h[n]=v(r.headers[n]);' +
    "var f=fetch(r.path,{method:r.method,headers:h,body:b,credentials:'same-origin'});f.catch(function(){});e.responses[v(r.keys[l])]=f});" +
    'if(z.indexOf(p)>=0)try{new PerformanceObserver(function(x,o){if(x.getEntriesByName("first-contentful-paint").length){o.disconnect();' +
    'setTimeout(function(){try{Intl.DateTimeFormat().resolvedOptions()}catch(y){}},0)}}).observe({type:"paint",buffered:true})}catch(y){}' +
    `window[g]=e}catch(x){}})(${args.map(inlineJson).join(',')})`
  );
};
