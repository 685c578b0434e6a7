import { parseAppointmentAlert, REALTIME_EVENTS, type AppointmentAlert, type AppointmentDto } from '@puente/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useStore } from '@/lib/external-store';
import { socketStore } from '@/lib/socket';
import { appointmentKeys, patchCachedAppointment, readCachedAppointment } from '../api/get-appointment';

/** Which event carried the alert: a transition, an update, or a cancel (all the contract's AppointmentAlert). */
export type AppointmentAlertKind = 'alert' | 'update' | 'cancel';

export interface AppointmentAlertEvent {
  kind: AppointmentAlertKind;
  alert: AppointmentAlert;
  /** The cached appointment as it was before this alert patched it (routing compares with it). */
  before: AppointmentDto | undefined;
}

type Listener = (event: AppointmentAlertEvent) => void;
const listeners = new Set<Listener>();

const EVENTS = [
  [REALTIME_EVENTS.appointmentAlert, 'alert'],
  [REALTIME_EVENTS.appointmentUpdate, 'update'],
  [REALTIME_EVENTS.appointmentCancel, 'cancel'],
] as const;

const hasStateAndId = (payload: unknown): boolean =>
  !!payload && typeof payload === 'object' && !!(payload as { state?: unknown }).state && !!(payload as { appointmentId?: unknown }).appointmentId;

/**
 * The one way in for appointment alerts (issue 9), mounted once by the shell: each alert, update or
 * cancel is parsed with the contract's schema (spec 5/8: one without a state or appointmentId is
 * ignored and logged), patched into the cached appointment with setQueryData (no refetch), then
 * handed to whoever listens with useOnAppointmentAlert (member routing, dashboard, admin).
 * A new participant (a doctor id the cached record does not have) is the one change an alert
 * cannot carry whole (the doctor's name and picture): only then (or to replace a fetch asked
 * before this alert) is the record fetched again.
 */
export const useAppointmentAlerts = (): void => {
  const socket = useStore(socketStore);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return undefined;
    const handlers = EVENTS.map(([event, kind]) => {
      const handle = (payload: unknown) => {
        const alert = parseAppointmentAlert(payload);
        if (!alert) {
          console.warn('appointment alert ignored', hasStateAndId(payload) ? 'invalid' : 'missing-state-or-id', payload);
          return;
        }
        const before = readCachedAppointment(queryClient, alert.appointmentId);
        const { appointmentId, state, statusReason, type, usDoctorNeeded, mxDoctorId, usDoctorId } = alert;
        const queryKey = appointmentKeys.detail(appointmentId);
        // A fetch already on its way was asked before this transition: its answer would put the
        // older state back over the patch. It is replaced by one asked now (cancelRefetch).
        const inFlight = queryClient.isFetching({ queryKey }) > 0;
        patchCachedAppointment(queryClient, { appointmentId, state, statusReason, type, usDoctorNeeded, mxDoctorId, usDoctorId });
        const newParticipant = !!before && (before.mxDoctorId !== mxDoctorId || before.usDoctorId !== usDoctorId);
        if (inFlight || newParticipant) void queryClient.refetchQueries({ queryKey }, { cancelRefetch: true });
        for (const listener of [...listeners]) listener({ kind, alert, before });
      };
      socket.on(event, handle);
      return [event, handle] as const;
    });
    return () => {
      for (const [event, handle] of handlers) socket.off(event, handle);
    };
  }, [socket, queryClient]);
};

/** Hears every valid alert after the cache has been patched (no socket listener of its own). */
export const useOnAppointmentAlert = (listener: Listener): void => {
  const ref = useRef(listener);
  useEffect(() => {
    ref.current = listener;
  });
  useEffect(() => {
    const forward: Listener = (event) => ref.current(event);
    listeners.add(forward);
    return () => {
      listeners.delete(forward);
    };
  }, []);
};
