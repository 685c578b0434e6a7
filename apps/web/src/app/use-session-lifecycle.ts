import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from '@/lib/navigation';
import { refreshSession } from '@/features/auth/api/refresh-session';
import { transportErrorOutcome } from '@puente/domain';
import { isApiRequestError, onTransportError, type ApiRequestError } from '@/lib/api-client';
import { setMemberData } from '@/features/profile';
import { getSessionToken, setSessionToken } from '@/lib/session';
import { whenIdle } from '@/lib/idle';
import { connectSocket, disconnectSocket } from '@/lib/socket';
import { showToast } from '@/lib/toast';
import { openInfoModal, showConnectionError } from '@/lib/ui-store';

// Not in the spec: refresh at most once a minute, so flipping between apps does not spam the API.
const RESUME_REFRESH_MIN_INTERVAL_MS = 60_000;

/** spec 8 "Transport": what the shell does with 401/403, 420, payment-required and expired invitations. */
export const useTransportErrors = (): void => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onTransportError((error: ApiRequestError) => {
        const outcome = transportErrorOutcome({ status: error.status, code: error.code, detail: error.message });
        switch (outcome.kind) {
          case 'session-expired':
            // A 401 on an anonymous call (a wrong or expired code) is the caller's business.
            if (!error.authenticated || getSessionToken() === null) return;
            setSessionToken(null);
            disconnectSocket();
            queryClient.removeQueries({ queryKey: ['member'] });
            showToast({ variant: 'warning', message: 'error_unauthorized' });
            return;
          case 'navigate': {
            // The error data rides along (the expired invitation shows the referrer's name).
            void navigate(outcome.to, { state: error.data });
            if (outcome.modalFromError) {
              const data = error.data ?? {};
              const body = typeof data.body === 'string' ? data.body : error.message;
              const imageUrl = typeof data.imageUrl === 'string' ? data.imageUrl : undefined;
              openInfoModal({ body, raw: true, imageUrl, primaryButton: { label: 'accept', action: { type: 'close-modal' } } });
            }
            return;
          }
          case 'message':
          case 'network':
            // Shown by the screen that made the call, in its own words.
            return;
          default: {
            const exhaustive: never = outcome;
            return exhaustive;
          }
        }
      }),
    [navigate, queryClient],
  );
};

/** refreshSession when the app comes back to the foreground (spec 7). */
export const useResumeRefresh = (): void => {
  const queryClient = useQueryClient();
  const lastRefresh = useRef(Date.now());
  useEffect(() => {
    const handleVisibility = () => {
      const token = getSessionToken();
      if (document.visibilityState !== 'visible' || !token) return;
      if (Date.now() - lastRefresh.current < RESUME_REFRESH_MIN_INTERVAL_MS) return;
      lastRefresh.current = Date.now();
      refreshSession(token)
        .then((payload) => {
          if (getSessionToken() !== token) return; // signed out meanwhile
          setMemberData(queryClient, payload.sessionToken, payload.member);
          setSessionToken(payload.sessionToken);
        })
        .catch((error: unknown) => {
          // 401 is handled by the transport listener; anything else keeps the current session.
          if (!isApiRequestError(error)) console.error('refreshSession failed', error);
        });
    };
    document.addEventListener('visibilitychange', handleVisibility);
    return () => document.removeEventListener('visibilitychange', handleVisibility);
  }, [queryClient]);
};

/**
 * The realtime connection follows the session. It opens once the browser is idle (the first screen
 * rendered: lib/idle.ts), so socket.io's chunk and the handshake do not compete with the first
 * screen's scripts and render (issue 10, LCP); what a screen shows comes from its queries meanwhile.
 */
export const useRealtimeConnection = (token: string | null): void => {
  useEffect(() => {
    if (!token || import.meta.env.MODE === 'test') return undefined;
    // The client's chunk could not load (offline, no cache): the connection opens with the next session change.
    const cancel = whenIdle(() => void connectSocket(token).catch(() => undefined));
    return () => {
      cancel();
      disconnectSocket();
    };
  }, [token]);
};

/** spec 8: an unhandled promise rejection shows the connection_error dialog with a back button. */
export const useUnhandledRejectionDialog = (): void => {
  useEffect(() => {
    const handleRejection = (event: PromiseRejectionEvent) => {
      console.error('unhandled rejection', event.reason);
      showConnectionError('back');
    };
    window.addEventListener('unhandledrejection', handleRejection);
    return () => window.removeEventListener('unhandledrejection', handleRejection);
  }, []);
};
