import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useOnAppointmentAlert } from '@/features/appointments';
import { useStore } from '@/lib/external-store';
import { socketStore } from '@/lib/socket';
import { adminKeys } from '../api/query-keys';

/** Any appointment alert the admin receives (through the one alerts hook) and every reconnect refetch the live queue. */
export const useAdminRealtime = (): void => {
  const queryClient = useQueryClient();
  const socket = useStore(socketStore);
  useOnAppointmentAlert(() => void queryClient.invalidateQueries({ queryKey: adminKeys.liveQueue() }));
  useEffect(() => {
    if (!socket) return undefined;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: adminKeys.liveQueue() });
    socket.on('connect', refetch);
    return () => {
      socket.off('connect', refetch);
    };
  }, [socket, queryClient]);
};
