import { memberRecordSchema, RECORD_PATHS, type MemberRecord } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { recordKeys } from './query-keys';

/** GET /api/records/appointments/{id}: one consultation as its member reads it (appointment details and the note). */
export const getMemberRecord = (appointmentId: string): Promise<MemberRecord> =>
  apiRequest(RECORD_PATHS.appointment(appointmentId), { schema: memberRecordSchema });

export const useMemberRecord = (appointmentId: string | null | undefined) =>
  useQuery({ queryKey: recordKeys.detail(appointmentId ?? ''), queryFn: () => getMemberRecord(appointmentId!), enabled: !!appointmentId });
