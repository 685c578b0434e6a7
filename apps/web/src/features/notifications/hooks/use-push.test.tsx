import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

/** Opening a push (spec 4 push actions): where the member lands. */
const signedIn = () => {
  window.localStorage.setItem('sessionToken', 'st_1');
  installFakeFetch((call) => (call.url === '/api/graphql' ? { status: 200, body: { data: { getMember: member() } } } : { status: 200, body: { items: [], nextCursor: null } }));
};
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // jsdom has no service worker: each test that needs one installs its stub.
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
});

// A VAPID public key (base64url, 65 bytes: an uncompressed P-256 point).
const VAPID_KEY = 'BOr4m3Q2T6c8sQyS5Jt3r4o1w9D3kFZ7t0pXcV2bYq8nL5m1H6a9G2f4E7d0C3b6A9z8Y7x6W5v4U3t2S1r0Q9P';
const SUBSCRIPTION = { endpoint: 'https://push.example.test/send/abc123', expirationTime: null, keys: { p256dh: 'BPk_p256dh-key', auth: 'auth-secret' } };

/** A browser with push: permission granted, a service worker whose push manager subscribes; postMessage reaches the page through its message events. */
const installServiceWorker = (existing: typeof SUBSCRIPTION | null = null) => {
  const container = new EventTarget();
  const subscribe = vi.fn((_options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => Promise.resolve({ toJSON: () => SUBSCRIPTION }));
  const pushManager = { getSubscription: vi.fn(() => Promise.resolve(existing ? { toJSON: () => existing } : null)), subscribe };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: Object.assign(container, { ready: Promise.resolve({ pushManager }) }) });
  vi.stubGlobal('Notification', { permission: 'granted' });
  return { container, subscribe, pushManager };
};

const signedInWithPush = (publicKey: string | null = VAPID_KEY) => {
  window.localStorage.setItem('sessionToken', 'st_1');
  return installFakeFetch((call: FakeCall) => {
    if (call.url === '/api/graphql') return { status: 200, body: { data: { getMember: member() } } };
    if (call.url === '/api/notifications/push/public-key') return { status: 200, body: { publicKey } };
    if (call.url === '/api/notifications/push/permissions') return { status: 200, body: { ok: true } };
    return { status: 200, body: { items: [], nextCursor: null } };
  });
};

const decodeKey = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4)), (c) => c.charCodeAt(0));

describe('push registration (spec 7 POST notifications/push/permissions)', () => {
  it('with permission granted, subscribes with the server key and sends the subscription as mobileTokens with the userId', async () => {
    const { subscribe } = installServiceWorker();
    const { calls } = signedInWithPush();
    renderApp('/inicio');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/notifications/push/permissions')).toBe(true));
    const post = calls.find((c) => c.url === '/api/notifications/push/permissions')!;
    expect(post.method).toBe('POST');
    expect(post.body).toEqual({ userId: 'mem_1', mobileTokens: [{ endpoint: SUBSCRIPTION.endpoint, keys: SUBSCRIPTION.keys }] });
    expect(subscribe).toHaveBeenCalledTimes(1);
    const options = subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...decodeKey(VAPID_KEY)]);
  });

  it('reuses the browser subscription it already has; sends nothing when the server has pushes off or permission is not granted', async () => {
    const { subscribe } = installServiceWorker({ ...SUBSCRIPTION, endpoint: 'https://push.example.test/send/existing' });
    const first = signedInWithPush();
    const view = renderApp('/inicio');
    await waitFor(() => expect(first.calls.find((c) => c.url === '/api/notifications/push/permissions')?.body).toMatchObject({ mobileTokens: [{ endpoint: 'https://push.example.test/send/existing' }] }));
    expect(subscribe).not.toHaveBeenCalled();
    view.unmount();

    const off = signedInWithPush(null);
    const second = renderApp('/inicio');
    await waitFor(() => expect(off.calls.some((c) => c.url === '/api/notifications/push/public-key')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(off.calls.some((c) => c.url === '/api/notifications/push/permissions')).toBe(false);
    second.unmount();

    vi.stubGlobal('Notification', { permission: 'default' });
    const denied = signedInWithPush();
    renderApp('/inicio');
    await waitFor(() => expect(denied.calls.some((c) => c.url === '/api/graphql')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(denied.calls.some((c) => c.url.startsWith('/api/notifications/push'))).toBe(false);
  });
});

describe('a push opened while the app is open (the service worker posts it to the window)', () => {
  it('TREAT_COMPLETED for her opens that consultation; a message that is not a push action is ignored', async () => {
    const { container } = installServiceWorker();
    const { calls } = signedInWithPush();
    const view = renderApp('/inicio');
    // Registration runs once her account is loaded: by then the page listens with her id.
    await waitFor(() => expect(calls.some((c) => c.url === '/api/notifications/push/permissions')).toBe(true));
    act(() => {
      container.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else', action: 'TREAT_COMPLETED', appointmentId: 'apt_7', pushUserId: 'mem_1' } }));
      container.dispatchEvent(new MessageEvent('message', { data: { type: 'push-action', action: 'NOT_AN_ACTION', appointmentId: 'apt_7', pushUserId: 'mem_1' } }));
    });
    expect(view.router.state.location.pathname).toBe('/inicio');
    act(() => {
      container.dispatchEvent(new MessageEvent('message', { data: { type: 'push-action', action: 'TREAT_COMPLETED', appointmentId: 'apt_7', pushUserId: 'mem_1' } }));
    });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/consulta/historial/apt_7'));
  });
});

describe('push actions', () => {
  it.each([
    ['CANCELLED_CONSULTATION', 'mem_1', '/consulta/infoPage/SC023'],
    ['TREAT_COMPLETED', 'mem_1', '/consulta/historial/apt_1'],
    ['GO_TO_FINISHED_APPOINTMENT', 'mem_1', '/consulta/historial/apt_1'],
    ['TREAT_COMPLETED', 'someone_else', '/consulta/historial'],
  ])('%s for %s opens %s', async (action, pushUserId, expected) => {
    signedIn();
    const view = renderApp(`/inicio?pushAction=${action}&appointmentId=apt_1&pushUserId=${pushUserId}`);
    await waitFor(() => expect(view.router.state.location.pathname).toBe(expected));
  });

  it('TECHNICAL_ISSUES_NO_COACH shows the modal with more coaches or home', async () => {
    signedIn();
    renderApp('/inicio?pushAction=TECHNICAL_ISSUES_NO_COACH&appointmentId=apt_1&pushUserId=mem_1');
    expect(await screen.findByText('No pudimos conectarte con un coach por un problema técnico. Puedes buscar otro coach o volver al inicio.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ver más coaches' })).toBeTruthy();
  });
});
