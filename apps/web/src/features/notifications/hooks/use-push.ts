import { PUSH_ACTIONS, pushActionRoute, type PushAction } from '@puente/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { useMember } from '@/features/profile';
import { openInfoModal } from '@/lib/ui-store';

// Issue 10 (first load): the registration is its own module (use-push-registration.ts), part of the
// signed-in shell's chunk; this routing runs signed out too. No re-export of it here: the bundler
// places a module by the static imports it is reached through, re-exports included, so one would
// put the registration (and the schemas of its API calls) back in the first script.

const isPushAction = (v: unknown): v is PushAction => typeof v === 'string' && (PUSH_ACTIONS as readonly string[]).includes(v);

/**
 * spec 4 push actions, when the member opens a push: CANCELLED_CONSULTATION to SC023;
 * TECHNICAL_ISSUES_NO_COACH a modal with more coaches or home; TREAT_COMPLETED and
 * GO_TO_FINISHED_APPOINTMENT to the history detail if the push was hers, else the history.
 */
export function usePushActionRouting(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const member = useMember();
  const currentUserId = member.data?.id ?? null;

  useEffect(() => {
    const apply = (action: PushAction, appointmentId: string | null, pushUserId: string | null) => {
      const route = pushActionRoute(action, { appointmentId, pushUserId, currentUserId });
      if (route.kind === 'modal') {
        const [moreCoaches, home] = route.options;
        openInfoModal({
          title: 'appointment_timeout_modal_title',
          body: 'push_technical_issues_no_coach_body',
          primaryButton: { label: 'appointment_modal_more_coaches', action: { type: 'navigate-to', path: moreCoaches.to } },
          outlineButton: { label: 'appointment_modal_go_home', action: { type: 'navigate-to', path: home.to } },
        });
        void navigate(location.pathname, { replace: true });
        return;
      }
      void navigate(route.to, { replace: true });
    };
    const search = new URLSearchParams(location.search);
    const action = search.get('pushAction');
    if (isPushAction(action) && currentUserId) apply(action, search.get('appointmentId'), search.get('pushUserId'));

    if (!('serviceWorker' in navigator)) return undefined;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; action?: unknown; appointmentId?: string | null; pushUserId?: string | null } | null;
      if (data?.type === 'push-action' && isPushAction(data.action)) apply(data.action, data.appointmentId ?? null, data.pushUserId ?? null);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [location.search, location.pathname, currentUserId, navigate]);
}
