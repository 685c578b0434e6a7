import { APPOINTMENT_GQL, createAppointmentResultSchema, type CreateAppointmentData, type CreateAppointmentResult } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cacheAppointment, setCurrentAppointmentId } from '@/features/appointments';
import { graphqlRequest } from '@/lib/api-client';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * createAppointment(data, returnNewDocument) (spec 7). The server applies the spec defaults
 * (on-demand, state 1, video-call); the new appointment goes in the query cache (its one owner),
 * its id becomes the member's current one, and the waiting time starts (spec 4 countdown).
 */
export const createAppointment = (data: CreateAppointmentData): Promise<CreateAppointmentResult> =>
  graphqlRequest(APPOINTMENT_GQL.createAppointment, { data, returnNewDocument: true }, 'createAppointment', createAppointmentResultSchema);

export const useCreateAppointment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    onSuccess: (result) => {
      if (result.appointment) cacheAppointment(queryClient, result.appointment);
      setCurrentAppointmentId(result.id);
      writeStorage(STORAGE_KEYS.waitingRoomStarted, String(Date.now()));
    },
  });
};
