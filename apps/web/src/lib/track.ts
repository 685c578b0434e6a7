import { CLIENT_NAME, APP_VERSION } from '@puente/domain';
import { identityTraitsSchema, trackedPropertiesSchema, type TrackedEventName, type TrackedProperties } from '@puente/contracts';
import { CLIENT_HEADERS } from './api-client';
import { getDeviceId } from './device-id';
import { getSessionToken } from './session';

/**
 * The local store's code (with idb) loads with the first tracked event, not with the entry screens:
 * it was in the first load of /login, /inicio and /consulta/historial (issue 10, first load). Each
 * event keeps the time it was tracked, whenever the store's code arrives.
 */
const storeLocally = (event: TrackedEventName, properties: TrackedProperties, now: number): Promise<unknown> =>
  import('./events-tracking').then((m) => m.storeTrackedEvent(event, properties, now));

/**
 * Tracks one step of the product: kept in the local events-tracking store (read by /et) and sent
 * to POST /api/interactions/event. Properties go through the same allow-list as the server's, so
 * a property outside it (a name, a symptom) never leaves this function, and a value of the wrong
 * shape drops the whole property set rather than the event. Tracking never disturbs the person:
 * failures are swallowed, and no session-expired or error dialog follows from them.
 */
export function track(event: TrackedEventName, properties: TrackedProperties = {}): Promise<void> {
  const parsed = trackedPropertiesSchema.safeParse(properties);
  const safe: TrackedProperties = parsed.success ? parsed.data : {};
  const token = getSessionToken();
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    [CLIENT_HEADERS.version]: APP_VERSION,
    [CLIENT_HEADERS.client]: CLIENT_NAME,
    [CLIENT_HEADERS.deviceId]: getDeviceId(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const local = storeLocally(event, safe, Date.now()).catch(() => null);
  const remote = fetch('/api/interactions/event', {
    method: 'POST',
    headers,
    body: JSON.stringify({ deviceId: getDeviceId(), event, properties: safe }),
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => null);
  return Promise.all([local, remote]).then(() => undefined);
}

const identified = new Set<string>();

/**
 * Reports the signed-in user's traits once per session and device (POST /api/interactions/identity):
 * the allow-listed ones only (language, user type, phone country code, platform, app version).
 */
export function identify(user: { id: string; preferredLang: string; userType: string; countryCode?: string | null }, token: string): Promise<void> {
  const key = `${token}:${user.id}`;
  if (identified.has(key)) return Promise.resolve();
  identified.add(key);
  const parsed = identityTraitsSchema.safeParse({ language: user.preferredLang, userType: user.userType, phoneCountryCode: user.countryCode ?? undefined, platform: 'web', appVersion: APP_VERSION });
  const traits = parsed.success ? parsed.data : {};
  return fetch('/api/interactions/identity', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
      [CLIENT_HEADERS.version]: APP_VERSION,
      [CLIENT_HEADERS.client]: CLIENT_NAME,
      [CLIENT_HEADERS.deviceId]: getDeviceId(),
    },
    body: JSON.stringify({ userId: user.id, deviceId: getDeviceId(), traits }),
    credentials: 'same-origin',
  })
    .then(() => undefined)
    .catch(() => undefined);
}

/** Tests start each case with nobody identified. */
export const resetIdentifyForTests = (): void => identified.clear();
