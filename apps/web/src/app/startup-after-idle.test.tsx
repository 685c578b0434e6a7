import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '@/test/consultation-fixtures';
import { stubIdleCallbacks } from '@/test/idle-callbacks';
import { renderApp } from '@/test/render-app';

/**
 * Issue 10 (LCP): what the first screen does not need (the release check, identify(), the push
 * registration; the realtime connection the same way: use-realtime-connection.test.tsx) starts once the browser is
 * idle after it, not from the shell's first effects, where it competed with the screen's scripts and
 * render for the network and the main thread.
 */
describe('startup work the first screen does not need waits for the browser to be idle', () => {
  const { runIdleCallbacks } = stubIdleCallbacks();

  beforeEach(() => {
    // Pushes allowed and a service worker (never ready): the push registration asks for its key first.
    Object.defineProperty(window, 'Notification', { value: { permission: 'granted' }, configurable: true });
    Object.defineProperty(navigator, 'serviceWorker', { value: { ready: new Promise(() => undefined), addEventListener: () => undefined, removeEventListener: () => undefined }, configurable: true });
  });
  afterEach(() => {
    cleanup(); // the app unmounts (and cancels what still waits) while they are there
    Reflect.deleteProperty(window, 'Notification');
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('the home shows with its topics while the release check, identify() and the push registration wait; they go once the browser is idle', async () => {
    const { calls } = fakeServer();
    renderApp('/inicio');
    await screen.findByTestId('tile-hardcoded_ph_topic');
    const started = () => ({
      release: calls.some((c) => c.url.startsWith('/api/releases/verify/')),
      identity: calls.some((c) => c.url === '/api/interactions/identity'),
      push: calls.some((c) => c.url === '/api/notifications/push/public-key'),
    });
    expect(started()).toEqual({ release: false, identity: false, push: false });
    // Still waiting a moment later: nothing but idleness lets them go.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(started()).toEqual({ release: false, identity: false, push: false });
    await runIdleCallbacks();
    await waitFor(() => expect(started()).toEqual({ release: true, identity: true, push: true }));
  });
});
