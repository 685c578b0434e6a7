import { APPOINTMENT_GQL, appointmentSchema, type AppointmentDto } from '@puente/contracts';
import type { HangUpAction } from '@puente/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cacheAppointment } from '@/features/appointments';
import { graphqlRequest } from '@/lib/api-client';

/**
 * The hang-up button and the waiting room's "leave" (issue 11), as the domain's hangUpAction says:
 * the member cancels with her reason (cancelAppointment); the coach finishes the video call and the
 * US doctor ends it (updateAppointment to the state). The server checks the machine again. The
 * prejoin steps cancel with their own reasons (limited-services, location-confirmation, media-permissions).
 */
/** spec 4 "Cancel or end reasons": the member leaves the prejoin steps (her place is not served, not confirmed, or no camera). */
export type PrejoinCancel = { kind: 'cancel'; reason: 'limited-services' | 'location-confirmation' | 'media-permissions'; confirm: false };

export const hangUp = (input: { appointmentId: string; action: Exclude<HangUpAction, { kind: 'leave' }> | PrejoinCancel }): Promise<AppointmentDto> =>
  input.action.kind === 'cancel'
    ? graphqlRequest(APPOINTMENT_GQL.cancelAppointment, { appointmentId: input.appointmentId, reason: input.action.reason }, 'cancelAppointment', appointmentSchema)
    : graphqlRequest(APPOINTMENT_GQL.updateAppointment, { appointment: { id: input.appointmentId, state: input.action.to } }, 'updateAppointment', appointmentSchema);

export const useHangUp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hangUp,
    // A member's cancel is routed by its alert (spec 4 reasons), which reads the cache as it was
    // before: caching the cancelled record first would make the alert look already handled.
    onSuccess: (appointment, input) => {
      if (input.action.kind !== 'cancel') cacheAppointment(queryClient, appointment);
    },
  });
};
