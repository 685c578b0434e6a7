import { slotsResponseSchema } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getTimeZone } from '@/lib/time-zone';

/**
 * GET /api/physicians/{id}/slots for one day: its physicianTimeZone is the coach's calendar zone
 * (issue 13: a travelling member sees her current zone and can see the coach's). Null for US
 * doctors, who have no calendar.
 */
export const getCoachTimeZone = async (physicianId: string, day: string): Promise<string | null> =>
  (await apiRequest(`/api/physicians/${encodeURIComponent(physicianId)}/slots?from=${day}&to=${day}&timeZone=${encodeURIComponent(getTimeZone())}`, { schema: slotsResponseSchema })).physicianTimeZone;

export const useCoachTimeZone = (physicianId: string, day: string, enabled: boolean) =>
  useQuery({ queryKey: ['coach-time-zone', physicianId], queryFn: () => getCoachTimeZone(physicianId, day), enabled: enabled && Boolean(physicianId), staleTime: 5 * 60_000 });
