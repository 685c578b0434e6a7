import { PHYSICIAN_GQL, physicianWithSlotsSchema, type PhysicianWithSlotsDto } from '@puente/contracts';
import type { Practice } from '@puente/domain';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { graphqlRequest } from '@/lib/api-client';

/** getPhysicians(practice) with availableSlots(date): the coaches a member may schedule with. */
export const getCoaches = (practice: Practice | undefined, date: string): Promise<PhysicianWithSlotsDto[]> =>
  graphqlRequest(PHYSICIAN_GQL.getPhysicians, { practice, availabilityDate: date }, 'getPhysicians', z.array(physicianWithSlotsSchema));

export const useCoaches = (practice: Practice | undefined, date: string) =>
  useQuery({ queryKey: ['schedule-coaches', practice ?? 'all', date], queryFn: () => getCoaches(practice, date) });
