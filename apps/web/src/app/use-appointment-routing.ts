import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useNavigate } from '@/lib/navigation';
import {
  applyAppointmentAlert,
  applyAppointmentCancel,
  cacheAppointment,
  getAppointment,
  getCurrentAppointmentFromServer,
  patchCachedAppointment,
  readCachedAppointment,
  recoverAppointment,
  useOnAppointmentAlert,
  type RouterEffects,
} from '@/features/appointments';
import { ROUTES } from '@puente/domain';
import { useStore } from '@/lib/external-store';
import { useMember } from '@/features/profile';
import { socketStore } from '@/lib/socket';
import { currentPathname } from './current-path';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { showToast } from '@/lib/toast';
import { openInfoModal } from '@/lib/ui-store';

const PAYMENT_SCREENS: readonly string[] = [ROUTES.paymentLoading.path, ROUTES.paymentSuccess.path];

/**
 * The member's routing on appointment alerts (issue 4 "Member routing"): alerts and cancels, heard
 * through the one alerts hook after it patched the cache, are routed by the domain rules wherever
 * the member is; on every (re)connect the current appointment is recovered from the server so a
 * transition missed while offline still routes.
 */
export const useAppointmentRouting = (): void => {
  const socket = useStore(socketStore);
  const member = useMember();
  const isMember = member.data?.userType === 'member';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fx = useMemo<RouterEffects>(() => {
    // The router's address, ahead of the rendered one while a navigation is still being rendered.
    const here = currentPathname;
    return {
      navigate: (to, state) => {
        // A paid visit (issue 14): the payment screens finish first; /payment-success then returns
        // to where the consultation went meanwhile (spec 2 "returns to stored destination").
        if (PAYMENT_SCREENS.includes(here())) writeStorage(STORAGE_KEYS.goAfterPayment, to);
        else void navigate(to, state ? { state } : undefined);
      },
      pathname: here,
      openModal: openInfoModal,
      toast: (message) => showToast({ variant: 'info', message }),
      read: (id) => readCachedAppointment(queryClient, id),
      patch: (patch) => void patchCachedAppointment(queryClient, patch),
    };
  }, [navigate, queryClient]);

  useOnAppointmentAlert(({ kind, alert, before }) => {
    if (!isMember) return;
    if (kind === 'alert') applyAppointmentAlert(alert, fx, before ?? null);
    else if (kind === 'cancel') applyAppointmentCancel(alert, fx, before ?? null);
  });

  useEffect(() => {
    if (!socket || !isMember) return undefined;
    const handleConnect = () => {
      recoverAppointment({ getCurrent: getCurrentAppointmentFromServer, getById: getAppointment }, { ...fx, store: (appointment) => cacheAppointment(queryClient, appointment) }).catch((error: unknown) => {
        // Recovery is best effort: the next alert or reconnect tries again.
        console.warn('appointment recovery failed', error);
      });
    };
    socket.on('connect', handleConnect);
    if (socket.connected) handleConnect();
    return () => {
      socket.off('connect', handleConnect);
    };
  }, [socket, isMember, fx, queryClient]);
};
