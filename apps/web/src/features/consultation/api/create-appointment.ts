import { APPOINTMENT_GQL, createAppointmentResultSchema, type CreateAppointmentData, type CreateAppointmentResult } from '@puente/contracts';
import { useMutation } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';
import { setCurrentAppointment } from '@/lib/current-appointment';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * createAppointment(data, returnNewDocument) (spec 7). The server applies the spec defaults
 * (on-demand, state 1, video-call); the new appointment becomes the member's current one and the
 * waiting time starts (spec 4 countdown).
 */
export const createAppointment = (data: CreateAppointmentData): Promise<CreateAppointmentResult> =>
  graphqlRequest(APPOINTMENT_GQL.createAppointment, { data, returnNewDocument: true }, 'createAppointment', createAppointmentResultSchema);

export const useCreateAppointment = () =>
  useMutation({
    mutationFn: createAppointment,
    onSuccess: (result) => {
      const appointment = result.appointment;
      setCurrentAppointment({
        id: result.id,
        state: appointment?.state ?? '1-in-queue-for-coach',
        type: appointment?.type ?? 'on-demand',
        usDoctorNeeded: appointment?.usDoctorNeeded ?? false,
        statusReason: null,
      });
      writeStorage(STORAGE_KEYS.waitingRoomStarted, String(Date.now()));
    },
  });
