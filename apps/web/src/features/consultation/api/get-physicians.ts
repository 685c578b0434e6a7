import { todayIsoDay, type Language, type Practice } from '@puente/domain';
import { PHYSICIAN_GQL, physicianWithSlotsSchema, type PhysicianWithSlotsDto } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { graphqlRequest } from '@/lib/api-client';
import { getTimeZone } from '@/lib/time-zone';

export interface PhysiciansFilter {
  schedulable?: boolean;
  language?: Language;
  practice?: Practice;
  /** yyyy-MM-dd (spec 9 slot date format). */
  availabilityDate?: string;
}

/** spec 9: slot dates are yyyy-MM-dd, in the member's time zone. */
export const slotDate = (date: Date): string => todayIsoDay(date, getTimeZone());

/** getPhysicians(schedulable, language, practice, availabilityDate) with availableSlots (spec 7). */
export const getPhysicians = (filter: PhysiciansFilter): Promise<PhysicianWithSlotsDto[]> =>
  graphqlRequest(PHYSICIAN_GQL.getPhysicians, { ...filter }, 'getPhysicians', z.array(physicianWithSlotsSchema));

/** Today's schedulable coaches, shown when nobody is online (spec 2). */
export const useSchedulablePhysicians = (filter: PhysiciansFilter, enabled: boolean) =>
  useQuery({
    queryKey: ['physicians', filter],
    queryFn: () => getPhysicians(filter),
    enabled,
  });
