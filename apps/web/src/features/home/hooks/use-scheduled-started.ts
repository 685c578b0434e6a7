import { scheduledStartedSchema } from '@puente/contracts';
import { REALTIME_EVENTS } from '@puente/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setCurrentAppointmentId } from '@/features/appointments';
import { useStore } from '@/lib/external-store';
import { socketStore } from '@/lib/socket';

/**
 * scheduled-started (spec 7 realtime): the member joined her scheduled consultation from another
 * tab or device; this app takes the live appointment as its current one (the card turns into the
 * consultation in progress) and refreshes the scheduled list.
 */
export const useScheduledStarted = (): void => {
  const client = useQueryClient();
  const socket = useStore(socketStore);
  useEffect(() => {
    if (!socket) return undefined;
    const handle = (payload: unknown) => {
      const parsed = scheduledStartedSchema.safeParse(payload);
      if (!parsed.success) return;
      if (parsed.data.appointmentId) setCurrentAppointmentId(parsed.data.appointmentId);
      void client.invalidateQueries({ queryKey: ['scheduled-appointments'] });
    };
    socket.on(REALTIME_EVENTS.scheduledStarted, handle);
    return () => {
      socket.off(REALTIME_EVENTS.scheduledStarted, handle);
    };
  }, [socket, client]);
};
