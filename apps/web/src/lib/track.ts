import { CLIENT_NAME, APP_VERSION } from '@puente/domain';
import { trackedPropertiesSchema, type TrackedEventName, type TrackedProperties } from '@puente/contracts';
import { CLIENT_HEADERS } from './api-client';
import { getDeviceId } from './device-id';
import { storeTrackedEvent } from './events-tracking';
import { getSessionToken } from './session';

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
  const local = storeTrackedEvent(event, safe).catch(() => null);
  const remote = fetch('/api/interactions/event', {
    method: 'POST',
    headers,
    body: JSON.stringify({ deviceId: getDeviceId(), event, properties: safe }),
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => null);
  return Promise.all([local, remote]).then(() => undefined);
}
