import { REALTIME_EVENTS } from '@puente/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { appointmentQueryKey, getAppointment, getCurrentAppointmentFromServer } from '@/lib/appointment-api';
import { applyAppointmentAlert, applyAppointmentCancel, recoverAppointment, type RouterEffects } from '@/lib/appointment-router';
import { useStore } from '@/lib/external-store';
import { useMember } from '@/lib/member-query';
import { socketStore } from '@/lib/socket';
import { showToast } from '@/lib/toast';
import { openInfoModal } from '@/lib/ui-store';

/**
 * The member's global appointment listener (issue 4 "Member routing"): realtime alerts and cancels
 * are routed by the domain rules wherever the member is; on every (re)connect the current
 * appointment is recovered from the server so a transition missed while offline still routes.
 */
export const useAppointmentRouting = (): void => {
  const socket = useStore(socketStore);
  const member = useMember();
  const isMember = member.data?.userType === 'member';
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const pathRef = useRef(pathname);
  pathRef.current = pathname;

  useEffect(() => {
    if (!socket || !isMember) return undefined;
    const fx: RouterEffects = {
      navigate: (to, state) => void navigate(to, state ? { state } : undefined),
      pathname: () => pathRef.current,
      openModal: openInfoModal,
      toast: (message) => showToast({ variant: 'info', message }),
      invalidate: (id) => void queryClient.invalidateQueries({ queryKey: appointmentQueryKey(id) }),
    };
    const handleAlert = (payload: unknown) => {
      applyAppointmentAlert(payload, fx);
    };
    const handleCancel = (payload: unknown) => {
      applyAppointmentCancel(payload, fx);
    };
    const handleConnect = () => {
      recoverAppointment({ getCurrent: getCurrentAppointmentFromServer, getById: getAppointment }, fx).catch((error: unknown) => {
        // Recovery is best effort: the next alert or reconnect tries again.
        console.warn('appointment recovery failed', error);
      });
    };
    socket.on(REALTIME_EVENTS.appointmentAlert, handleAlert);
    socket.on(REALTIME_EVENTS.appointmentCancel, handleCancel);
    socket.on('connect', handleConnect);
    if (socket.connected) handleConnect();
    return () => {
      socket.off(REALTIME_EVENTS.appointmentAlert, handleAlert);
      socket.off(REALTIME_EVENTS.appointmentCancel, handleCancel);
      socket.off('connect', handleConnect);
    };
  }, [socket, isMember, navigate, queryClient]);
};
