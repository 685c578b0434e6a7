/* Push handlers of the service worker (issue 12), loaded by the generated sw.js (importScripts).
 * A push carries { title, body, action, appointmentId, userId } (ids only, never health data).
 * Opening it lands on /inicio with the action in the address; the app routes it (spec 4 push
 * actions) knowing who is signed in, or, with the app already open, by a message to that window. */
/* eslint-disable */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (e) {
    data = {};
  }
  const title = typeof data.title === 'string' ? data.title : 'Puente';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/pwa-192x192.png',
      badge: '/pwa-192x192.png',
      tag: data.appointmentId ? 'appointment-' + data.appointmentId : 'puente',
      data: { action: data.action, appointmentId: data.appointmentId || null, userId: data.userId || null },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const d = event.notification.data || {};
  const params = new URLSearchParams();
  if (d.action) params.set('pushAction', d.action);
  if (d.appointmentId) params.set('appointmentId', d.appointmentId);
  if (d.userId) params.set('pushUserId', d.userId);
  const url = '/inicio?' + params.toString();
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        open.postMessage({ type: 'push-action', action: d.action, appointmentId: d.appointmentId || null, pushUserId: d.userId || null });
        return open.focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
