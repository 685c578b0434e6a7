/**
 * Drives the local development OpenID provider over HTTP, as a browser would (redirects, cookies,
 * the login form), and returns where it sends the person back: the redirect URI with code, state
 * and iss. API tests use it; browser journeys fill the same form in Chromium.
 */
export async function signInAtDevIdp(authorizationUrl: string, person: { email: string; phone?: string; givenName?: string; familyName?: string }): Promise<URL> {
  const cookies = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const go = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() } });
    remember(res);
    return res;
  };

  let res = await go(authorizationUrl);
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      // Back at our redirect URI: that is the answer.
      if (next.pathname === '/login/auth0/verify') return next;
      url = next.href;
      res = await go(url);
      continue;
    }
    if (res.status === 200 && /\/interaction\//.test(url)) {
      const form = new URLSearchParams({ email: person.email, phone: person.phone ?? '', given_name: person.givenName ?? '', family_name: person.familyName ?? '' });
      res = await go(url, { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      continue;
    }
    throw new Error(`dev IdP: unexpected ${res.status} at ${url}: ${(await res.text()).slice(0, 300)}`);
  }
  throw new Error('dev IdP: too many redirects');
}
