import { vi } from 'vitest';

export interface FakeCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A JSON body as its value; anything else (a CSV upload) as the text sent. */
const parseBody = (body: string): unknown => {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
};

/** What the fake server answers a call (undefined: not this handler's call). */
export type FakeAnswer = { status: number; body: unknown } | undefined;
export type FakeHandler = (call: FakeCall) => FakeAnswer;

/**
 * A fake `fetch` at the network boundary: handlers answer by URL; every call is recorded so a
 * test can check what the app sent. Unknown calls answer 404 in the API's error shape.
 */
export const installFakeFetch = (handler: FakeHandler) => {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const call: FakeCall = {
      url,
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? parseBody(init.body) : undefined,
    };
    calls.push(call);
    const answer = handler(call) ?? { status: 404, body: { error: { code: 'NOT_FOUND', status: 404, message: 'not found' } } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
};

/**
 * Holds every request whose body names `operation` (a GraphQL operation) until the returned
 * `release` is called; the others are answered at once, as before. With `madeWhenAsked`, a held
 * request gets the answer the server had when it was asked (made then, arriving late), not the one
 * it has at the release.
 */
export const holdRequests = (fetchMock: ReturnType<typeof installFakeFetch>['fetchMock'], operation: string, options: { madeWhenAsked?: boolean } = {}): (() => void) => {
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const answer = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    if (typeof init?.body === 'string' && init.body.includes(operation)) {
      const made = options.madeWhenAsked ? answer(input, init) : undefined;
      await held;
      if (made) return made;
    }
    return answer(input, init);
  });
  return release;
};

/** What the app tracked (POST /api/interactions/event), in order: each event's name and kept properties. */
export const trackedEvents = (calls: readonly FakeCall[]): { event: string; properties: Record<string, unknown> }[] =>
  calls
    .filter((c) => c.url === '/api/interactions/event')
    .map((c) => c.body as { event: string; properties: Record<string, unknown> })
    .map(({ event, properties }) => ({ event, properties }));

export const apiError = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { error: { code, status, message, ...extra } },
});

export const member = (overrides: Record<string, unknown> = {}) => ({
  id: 'mem_1',
  firstName: 'Lucía',
  lastName: 'Gómez',
  email: null,
  phoneNumber: '+525512345678',
  countryCode: '52',
  userType: 'member',
  preferredLang: 'es',
  consultationLang: 'es',
  languages: ['es'],
  organizationId: null,
  timeZone: 'America/Mexico_City',
  loginType: 'pwdless',
  loginTypes: ['pwdless'],
  // Terms accepted: the mustAcceptTos dialog stays closed unless a test asks for it.
  agreedTosAt: '2025-01-01T00:00:00.000Z',
  needsToAcceptTerms: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  nickName: null,
  birthday: null,
  sex: null,
  gender: null,
  address: null,
  height: null,
  weight: null,
  heightMetricSystem: true,
  weightMetricSystem: true,
  alergies: [],
  medications: [],
  medicalConditions: [],
  surgeries: [],
  preferredContactMethod: null,
  topicsOfInterest: [],
  identificationNumber: null,
  labConsent: { wasInfoProvided: 'not_asked', updatedAt: null },
  healthScreeningConsentAt: null,
  insuranceInfo: null,
  hasInsurance: null,
  pharmacy: null,
  emailVerifiedAt: null,
  organization: null,
  ...overrides,
});
