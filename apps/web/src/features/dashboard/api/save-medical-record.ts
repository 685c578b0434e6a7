import { APPOINTMENT_GQL, appointmentSchema, type AppointmentDto, type MedicalRecordBaseDto, type MedicalRecordDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cacheAppointment } from '@/features/appointments';
import { graphqlRequest } from '@/lib/api-client';

/** saveMedicalRecord(appointmentId, medicalRecord, basedOn): internal notes, plan, pharmacy; basedOn: the texts as she started from them. */
export const saveMedicalRecord = (input: { appointmentId: string; medicalRecord: MedicalRecordDto; basedOn?: MedicalRecordBaseDto }): Promise<AppointmentDto> =>
  graphqlRequest(APPOINTMENT_GQL.saveMedicalRecord, input, 'saveMedicalRecord', appointmentSchema);

export const useSaveMedicalRecord = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMedicalRecord,
    onSuccess: (appointment) => cacheAppointment(queryClient, appointment),
  });
};
