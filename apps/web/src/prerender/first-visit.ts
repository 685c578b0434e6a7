import { inlineJson } from './inline-json';

/**
 * Issue 10 (first load): the HTML of /login carries the screen itself, rendered at build time
 * (./entry.tsx), so a phone paints it before the app's scripts have arrived; the app then hydrates
 * it (src/main.tsx). It was rendered as a first visit sees it: in the default language, signed out,
 * with nothing stored and no query. This script runs as the HTML is read, before anything paints:
 * on any other visit (a stored language, session, country code or organization; a link's query)
 * the screen could differ, so it is replaced by `placeholderHtml` (the loading spinner every other
 * page shows from its HTML: `placeholder` in ./entry.tsx) and the app renders as before. The API
 * allows this exact script by its hash (Content-Security-Policy, apps/api/src/web-static.ts).
 */
export const firstVisitScript = (placeholderHtml: string): string =>
  "(function(){try{if(!localStorage.length&&!sessionStorage.length&&!location.search&&!location.hash)return}catch(e){}var r=document.getElementById('root');" +
  `if(r)r.innerHTML=${inlineJson(placeholderHtml)}})()`;
