import { CACHE_MS } from '@puente/domain';
import { PHYSICIAN_GQL, physicianWithSlotsSchema, type PhysicianWithSlotsDto } from '@puente/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';

/** getPhysician(id) with the free slots of one day (yyyy-MM-dd). */
export const getPhysicianWithSlots = (id: string, date: string): Promise<PhysicianWithSlotsDto> =>
  graphqlRequest(PHYSICIAN_GQL.getPhysicianWithSlots, { id, date }, 'getPhysician', physicianWithSlotsSchema);

/** spec 7/9: getPhysician is cached 5 minutes. */
export const usePhysician = (id: string, date: string) =>
  useQuery({
    queryKey: ['physician', id, date],
    queryFn: () => getPhysicianWithSlots(id, date),
    staleTime: CACHE_MS.physician,
    gcTime: CACHE_MS.physician,
    // The profile stays on screen while another day's slots load.
    placeholderData: keepPreviousData,
  });
