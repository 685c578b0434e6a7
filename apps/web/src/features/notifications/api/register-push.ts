import { okResponseSchema, pushPublicKeySchema, type WebPushSubscription } from '@puente/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/notifications/push/public-key: the VAPID key to subscribe with (null: pushes are off). */
export const getPushPublicKey = async (): Promise<string | null> => (await apiRequest('/api/notifications/push/public-key', { schema: pushPublicKeySchema })).publicKey;

/** spec 7 POST notifications/push/permissions: mobileTokens (here the browser's subscription), userId. */
export const postPushPermissions = (userId: string, subscription: WebPushSubscription) =>
  apiRequest('/api/notifications/push/permissions', { method: 'POST', body: { userId, mobileTokens: [subscription] }, schema: okResponseSchema });

const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const padded = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
};

/**
 * With permission granted: subscribe this browser (or reuse its subscription) and tell the server.
 * Returns false when pushes are off here (no service worker, no key, no permission).
 */
export const registerPush = async (userId: string): Promise<boolean> => {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted' || !('serviceWorker' in navigator)) return false;
  const publicKey = await getPushPublicKey();
  if (!publicKey) return false;
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON() as { endpoint?: string; keys?: { p256dh?: string; auth?: string } };
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return false;
  await postPushPermissions(userId, { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } });
  return true;
};
