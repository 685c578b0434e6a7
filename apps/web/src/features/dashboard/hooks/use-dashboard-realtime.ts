import { appointmentRefSchema, REALTIME_EVENTS, type AppointmentAlert } from '@puente/contracts';
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
 * socket also subscribes to that appointment's room. A colleague's save of a consultation's record
 * (appointment-record-update) reads it again. `onAlert` sees each valid alert: the server
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
    // A colleague saved the consultation's record (its plan, a note): read again, so what they
    // wrote shows (beside what she is typing, which the forms keep).
    const handleRecordUpdate = (payload: unknown) => {
      const parsed = appointmentRefSchema.safeParse(payload);
      if (!parsed.success) return;
      const { appointmentId: id } = parsed.data;
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.note(id, null).slice(0, 3) });
    };
    socket.on('connect', handleReconnect);
    socket.on(REALTIME_EVENTS.appointmentRecordUpdate, handleRecordUpdate);
    if (socket.connected) subscribe();
    return () => {
      socket.off('connect', handleReconnect);
      socket.off(REALTIME_EVENTS.appointmentRecordUpdate, handleRecordUpdate);
      if (appointmentId && socket.connected) socket.emit(REALTIME_EVENTS.appointmentUnsubscribe, { appointmentId });
    };
  }, [socket, queryClient, appointmentId]);
};
