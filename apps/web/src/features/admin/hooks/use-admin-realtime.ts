import { parseAppointmentAlert, REALTIME_EVENTS } from '@puente/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useStore } from '@/lib/external-store';
import { socketStore } from '@/lib/socket';
import { adminKeys } from '../api/query-keys';

/** Any appointment alert the admin receives (and every reconnect) refetches the live queue. */
export const useAdminRealtime = (): void => {
  const queryClient = useQueryClient();
  const socket = useStore(socketStore);
  useEffect(() => {
    if (!socket) return undefined;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: adminKeys.liveQueue() });
    const handleAlert = (payload: unknown) => {
      if (!parseAppointmentAlert(payload)) {
        console.warn('appointment alert ignored: no state or appointmentId', payload);
        return;
      }
      refetch();
    };
    socket.on(REALTIME_EVENTS.appointmentAlert, handleAlert);
    socket.on(REALTIME_EVENTS.appointmentUpdate, handleAlert);
    socket.on(REALTIME_EVENTS.appointmentCancel, handleAlert);
    socket.on('connect', refetch);
    return () => {
      socket.off(REALTIME_EVENTS.appointmentAlert, handleAlert);
      socket.off(REALTIME_EVENTS.appointmentUpdate, handleAlert);
      socket.off(REALTIME_EVENTS.appointmentCancel, handleAlert);
      socket.off('connect', refetch);
    };
  }, [socket, queryClient]);
};
