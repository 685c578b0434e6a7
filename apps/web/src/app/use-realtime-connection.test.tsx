import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIdleCallbacks } from '@/test/idle-callbacks';

// The network boundary: every socket the hook opens is a FakeSocket (kept in `sockets`).
vi.mock('socket.io-client', () => import('@/test/fake-socket-io'));

// Test files share a worker's modules (isolate: false): a fresh hook and socket module, importing the mock above.
vi.resetModules();
const { useRealtimeConnection } = await import('./use-session-lifecycle');
const { socketStore } = await import('@/lib/socket');
const { sockets } = await import('@/test/fake-socket-io');

/**
 * Issue 10 (LCP): the realtime connection (socket.io's chunk and its handshake) opens once the
 * browser is idle after the first screen, not from the shell's first effects; it is off in the
 * other unit tests (by MODE), so here the hook runs as in the browser.
 */
describe('the realtime connection waits for the browser to be idle', () => {
  const { pending, runIdleCallbacks } = stubIdleCallbacks();

  beforeEach(() => {
    vi.stubEnv('MODE', 'production');
    sockets.length = 0;
  });
  afterEach(() => {
    cleanup(); // unmounted while MODE is production
    vi.unstubAllEnvs();
  });

  it('opens no socket until the browser is idle, then one with the session; closes it when the session ends', async () => {
    const { unmount } = renderHook(() => useRealtimeConnection('st_idle'));
    expect(sockets).toHaveLength(0);
    // Still none a moment later: nothing but idleness opens it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sockets).toHaveLength(0);
    expect(socketStore.get()).toBeNull();

    await runIdleCallbacks();
    await waitFor(() => expect(socketStore.get()).not.toBeNull());
    expect(sockets).toHaveLength(1);
    expect(socketStore.get()).toBe(sockets[0]);

    unmount();
    expect(socketStore.get()).toBeNull();
  });

  it('opens nothing for a session that ended before the browser was idle', async () => {
    const { unmount } = renderHook(() => useRealtimeConnection('st_gone'));
    expect(pending()).toBe(1);
    unmount();
    expect(pending()).toBe(0);
    await runIdleCallbacks();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets).toHaveLength(0);
    expect(socketStore.get()).toBeNull();
  });
});
