import type { AppointmentDto } from '@puente/contracts';
import { APPOINTMENT_STATE as S, canTransition, type UserType } from '@puente/domain';
import { useAcceptAppointment } from '../api/accept-appointment';
import { useUpdateAppointmentState } from '../api/update-appointment-state';

/**
 * Taking a request: acceptAppointment claims it (race-safe: coach S1 -> S2, US doctor S6 -> S7).
 * A coach's accept is "accept and join" (issue 4: the coach accepts, S2 -> S3): the second step
 * follows at once. If it fails, the consultation screen still offers the join button.
 */
export const useTakeAppointment = (userType: UserType | undefined) => {
  const accept = useAcceptAppointment();
  const update = useUpdateAppointmentState();
  const take = async (appointmentId: string): Promise<AppointmentDto> => {
    const claimed = await accept.mutateAsync(appointmentId);
    if (userType !== 'mx-physician' || !canTransition(claimed.state, S.S3_COACH_JOINS_CALL, 'mx-physician')) return claimed;
    try {
      return await update.mutateAsync({ id: claimed.id, state: S.S3_COACH_JOINS_CALL });
    } catch (error) {
      console.warn('joining after accept failed; the join button remains', error);
      return claimed;
    }
  };
  return { take, isPending: accept.isPending || update.isPending, takingId: accept.isPending ? accept.variables : undefined };
};
