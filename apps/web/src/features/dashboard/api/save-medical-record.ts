import { APPOINTMENT_GQL, appointmentSchema, type AppointmentDto, type MedicalRecordDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cacheAppointment } from '@/features/appointments';
import { graphqlRequest } from '@/lib/api-client';

/** saveMedicalRecord(appointmentId, medicalRecord): internal notes, plan, pharmacy. */
export const saveMedicalRecord = (input: { appointmentId: string; medicalRecord: MedicalRecordDto }): Promise<AppointmentDto> =>
  graphqlRequest(APPOINTMENT_GQL.saveMedicalRecord, input, 'saveMedicalRecord', appointmentSchema);

export const useSaveMedicalRecord = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMedicalRecord,
    onSuccess: (appointment) => cacheAppointment(queryClient, appointment),
  });
};
