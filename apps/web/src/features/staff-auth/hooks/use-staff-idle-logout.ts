import { buildPath, isStaff, STAFF_AUTH, type UserType } from '@puente/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from '@/lib/navigation';
import { apiRequest } from '@/lib/api-client';
import { getSessionToken, setSessionToken } from '@/lib/session';
import { disconnectSocket } from '@/lib/socket';
import { showToast } from '@/lib/toast';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
// Not in the spec: how often the timer looks (the logoff happens within this of the 15 minutes).
const CHECK_EVERY_MS = 15_000;

/**
 * HIPAA automatic logoff on the screen: a staff member with no activity for
 * STAFF_AUTH.idleTimeoutMs is signed out with 'Sesión expirada', so clinical data does not stay
 * on an unattended screen. The server enforces the same limit on its own (session lastSeenAt).
 */
export const useStaffIdleLogout = (userType: UserType | null | undefined): void => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const staff = isStaff(userType);
  useEffect(() => {
    if (!staff) return undefined;
    let lastActivity = Date.now();
    const handleActivity = () => {
      lastActivity = Date.now();
    };
    ACTIVITY_EVENTS.forEach((e) => window.addEventListener(e, handleActivity, { passive: true }));
    const timer = window.setInterval(() => {
      if (Date.now() - lastActivity < STAFF_AUTH.idleTimeoutMs) return;
      const token = getSessionToken();
      if (!token) return;
      setSessionToken(null);
      disconnectSocket();
      queryClient.removeQueries({ queryKey: ['member'] });
      // Best effort: the server would end the idle session anyway.
      apiRequest('/api/auth/logout', { method: 'POST', body: {}, bearer: token }).catch(() => undefined);
      showToast({ variant: 'warning', message: 'error_unauthorized' });
      void navigate(buildPath('staffLogin'), { replace: true });
    }, CHECK_EVERY_MS);
    return () => {
      ACTIVITY_EVENTS.forEach((e) => window.removeEventListener(e, handleActivity));
      window.clearInterval(timer);
    };
  }, [staff, navigate, queryClient]);
};
