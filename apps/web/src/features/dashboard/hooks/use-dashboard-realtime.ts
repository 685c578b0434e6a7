import { parseAppointmentAlert, REALTIME_EVENTS, type AppointmentAlert } from '@puente/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useStore } from '@/lib/external-store';
import { socketStore } from '@/lib/socket';
import { dashboardKeys } from '../api/query-keys';

/**
 * Realtime for the dashboard: every appointment alert (offers of new requests and escalations,
 * transitions of the physician's consultations) refetches the queue and that consultation; a
 * reconnect refetches everything, so no transition is missed (issue 4). When `appointmentId` is
 * given, the socket also subscribes to that appointment's room. `onAlert` sees each valid alert:
 * the server passes some states straight through (ER_ACCEPTS_CONSULTATION moves on to S7), so a
 * refetch alone would never show them.
 */
export const useDashboardRealtime = (appointmentId?: string, onAlert?: (alert: AppointmentAlert) => void): void => {
  const queryClient = useQueryClient();
  const socket = useStore(socketStore);
  const onAlertRef = useRef(onAlert);
  useEffect(() => {
    onAlertRef.current = onAlert;
  });
  useEffect(() => {
    if (!socket) return undefined;
    const handleAlert = (payload: unknown) => {
      const alert = parseAppointmentAlert(payload);
      if (!alert) {
        console.warn('appointment alert ignored: no state or appointmentId', payload);
        return;
      }
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.queue() });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.current() });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.appointment(alert.appointmentId) });
      onAlertRef.current?.(alert);
    };
    const subscribe = () => {
      if (appointmentId) socket.emit(REALTIME_EVENTS.appointmentSubscribe, { appointmentId });
    };
    const handleReconnect = () => {
      subscribe();
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    };
    socket.on(REALTIME_EVENTS.appointmentAlert, handleAlert);
    socket.on(REALTIME_EVENTS.appointmentUpdate, handleAlert);
    socket.on(REALTIME_EVENTS.appointmentCancel, handleAlert);
    socket.on('connect', handleReconnect);
    if (socket.connected) subscribe();
    return () => {
      socket.off(REALTIME_EVENTS.appointmentAlert, handleAlert);
      socket.off(REALTIME_EVENTS.appointmentUpdate, handleAlert);
      socket.off(REALTIME_EVENTS.appointmentCancel, handleAlert);
      socket.off('connect', handleReconnect);
      if (appointmentId && socket.connected) socket.emit(REALTIME_EVENTS.appointmentUnsubscribe, { appointmentId });
    };
  }, [socket, queryClient, appointmentId]);
};
