import { myPharmacyResponseSchema, type MyPharmacyResponse } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { prescribingKeys } from './query-keys';

/** PUT /api/pharmacies/mine: the member chooses her pharmacy (remembered on her account). */
export const choosePharmacy = (input: { pharmacyId: string; appointmentId?: string | null }): Promise<MyPharmacyResponse> =>
  apiRequest('/api/pharmacies/mine', { method: 'PUT', body: input, schema: myPharmacyResponseSchema });

export const useChoosePharmacy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: choosePharmacy,
    onSuccess: (answer) => {
      queryClient.setQueryData(prescribingKeys.myPharmacy(), answer);
      void queryClient.invalidateQueries({ queryKey: [...prescribingKeys.all, 'readiness'] });
      void queryClient.invalidateQueries({ queryKey: ['member'] });
    },
  });
};
