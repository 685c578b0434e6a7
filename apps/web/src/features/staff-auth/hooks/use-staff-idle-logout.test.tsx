import { STAFF_AUTH, type UserType } from '@puente/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSessionToken, setSessionToken } from '@/lib/session';
import { toastStore } from '@/lib/toast';
import { installFakeFetch } from '@/test/fake-fetch';
import { memoryRoutes } from '@/test/memory-routes';
import { useStaffIdleLogout } from './use-staff-idle-logout';

function Probe({ userType }: { userType: UserType }) {
  useStaffIdleLogout(userType);
  return null;
}

const mount = (userType: UserType) => {
  const { element, router } = memoryRoutes([{ path: '*', element: <Probe userType={userType} /> }], '/dashboard');
  render(<QueryClientProvider client={new QueryClient()}>{element}</QueryClientProvider>);
  return router;
};

afterEach(() => vi.useRealTimers());

describe('staff automatic logoff on the screen (HIPAA, 15 minutes idle)', () => {
  it('signs a coach out with "Sesión expirada" after 15 idle minutes, and ends the session on the server', async () => {
    vi.useFakeTimers();
    const { calls } = installFakeFetch(() => ({ status: 200, body: { ok: true } }));
    setSessionToken('staff-token');
    const router = mount('mx-physician');
    await act(async () => {
      vi.advanceTimersByTime(STAFF_AUTH.idleTimeoutMs - 60_000);
    });
    expect(getSessionToken()).toBe('staff-token');
    await act(async () => {
      vi.advanceTimersByTime(2 * 60_000);
    });
    expect(getSessionToken()).toBeNull();
    expect(toastStore.get()).toMatchObject({ variant: 'warning', message: 'error_unauthorized' });
    expect(router.state.location.pathname).toBe('/staff/login');
    expect(calls.some((c) => c.url === '/api/auth/logout' && c.headers.authorization === 'Bearer staff-token')).toBe(true);
  });

  it('activity restarts the idle time', async () => {
    vi.useFakeTimers();
    installFakeFetch(() => ({ status: 200, body: { ok: true } }));
    setSessionToken('staff-token');
    mount('admin');
    await act(async () => {
      vi.advanceTimersByTime(10 * 60_000);
    });
    window.dispatchEvent(new Event('keydown'));
    await act(async () => {
      vi.advanceTimersByTime(10 * 60_000);
    });
    expect(getSessionToken()).toBe('staff-token');
  });

  it('members are not logged out for being idle', async () => {
    vi.useFakeTimers();
    setSessionToken('member-token');
    mount('member');
    await act(async () => {
      vi.advanceTimersByTime(STAFF_AUTH.idleTimeoutMs * 3);
    });
    expect(getSessionToken()).toBe('member-token');
  });
});
