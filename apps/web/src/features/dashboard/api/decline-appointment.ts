import { APPOINTMENT_GQL } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { graphqlRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/**
 * declineAppointment (issue 11): the physician declines a request offered to them. From the queue
 * it stays for the others (and leaves this list); one addressed to this coach goes back to the
 * member with rejected-by-coach (SC023, other coaches).
 */
export const declineAppointment = (appointmentId: string): Promise<boolean> =>
  graphqlRequest(APPOINTMENT_GQL.declineAppointment, { appointmentId }, 'declineAppointment', z.boolean());

export const useDeclineAppointment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineAppointment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.queue() }),
  });
};
