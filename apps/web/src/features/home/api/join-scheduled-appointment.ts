import { joinScheduledResponseSchema } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setCurrentAppointmentId } from '@/features/appointments';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * POST /api/scheduled-appointments/{id}/join: the live appointment (type scheduled, state 1) for
 * that coach; it becomes the member's current one and follows the on-demand life cycle.
 */
export const joinScheduledAppointment = (id: string) => apiRequest(`/api/scheduled-appointments/${encodeURIComponent(id)}/join`, { method: 'POST', schema: joinScheduledResponseSchema });

export const useJoinScheduledAppointment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: joinScheduledAppointment,
    onSuccess: (result) => {
      setCurrentAppointmentId(result.appointmentId);
      writeStorage(STORAGE_KEYS.waitingRoomStarted, String(Date.now()));
      writeStorage(STORAGE_KEYS.isMxDoctorBusy, String(result.isBusy));
      void client.invalidateQueries({ queryKey: ['scheduled-appointments'] });
    },
  });
};
