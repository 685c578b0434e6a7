import { PHYSICIAN_GQL, physicianSchema, type PhysicianDto } from '@puente/contracts';
import { CACHE_MS } from '@puente/domain';
import { useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** The signed-in physician's own profile: availability, practice, languages, licensed states. */
export const getMyPhysicianProfile = (): Promise<PhysicianDto> =>
  graphqlRequest(PHYSICIAN_GQL.getMyPhysicianProfile, {}, 'getMyPhysicianProfile', physicianSchema);

export const useMyPhysicianProfile = (enabled: boolean) =>
  useQuery({ queryKey: dashboardKeys.profile(), queryFn: getMyPhysicianProfile, enabled, staleTime: CACHE_MS.physician, gcTime: CACHE_MS.physician });
