import { PHYSICIAN_GQL, physicianSchema, type PhysicianDto } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** setAvailability(isAvailable): whether the physician takes on-demand requests now. */
export const setAvailability = (isAvailable: boolean): Promise<PhysicianDto> =>
  graphqlRequest(PHYSICIAN_GQL.setAvailability, { isAvailable }, 'setAvailability', physicianSchema);

export const useSetAvailability = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAvailability,
    onSuccess: (profile) => {
      queryClient.setQueryData(dashboardKeys.profile(), profile);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.queue() });
    },
  });
};
