import { REALTIME_EVENTS, type AppointmentAlert } from '@puente/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { appointmentKeys, useOnAppointmentAlert } from '@/features/appointments';
import { useStore } from '@/lib/external-store';
import { socketStore } from '@/lib/socket';
import { dashboardKeys } from '../api/query-keys';

/**
 * Realtime for the dashboard: every appointment alert (offers of new requests and escalations,
 * transitions of the physician's consultations) reaches it through the one alerts hook, which has
 * already patched the cached appointment; the lists (queue, current, her own) are refetched. A reconnect
 * refetches everything, so no transition is missed (issue 4). When `appointmentId` is given, the
 * socket also subscribes to that appointment's room. `onAlert` sees each valid alert: the server
 * passes some states straight through (ER_ACCEPTS_CONSULTATION moves on to S7), so the cache alone
 * would never show them.
 */
export const useDashboardRealtime = (appointmentId?: string, onAlert?: (alert: AppointmentAlert) => void): void => {
  const queryClient = useQueryClient();
  const socket = useStore(socketStore);
  const onAlertRef = useRef(onAlert);
  useEffect(() => {
    onAlertRef.current = onAlert;
  });
  useOnAppointmentAlert(({ alert }) => {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.queue() });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.current() });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.mine() });
    onAlertRef.current?.(alert);
  });
  useEffect(() => {
    if (!socket) return undefined;
    const subscribe = () => {
      if (appointmentId) socket.emit(REALTIME_EVENTS.appointmentSubscribe, { appointmentId });
    };
    const handleReconnect = () => {
      subscribe();
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      if (appointmentId) void queryClient.invalidateQueries({ queryKey: appointmentKeys.detail(appointmentId) });
    };
    socket.on('connect', handleReconnect);
    if (socket.connected) subscribe();
    return () => {
      socket.off('connect', handleReconnect);
      if (appointmentId && socket.connected) socket.emit(REALTIME_EVENTS.appointmentUnsubscribe, { appointmentId });
    };
  }, [socket, queryClient, appointmentId]);
};
