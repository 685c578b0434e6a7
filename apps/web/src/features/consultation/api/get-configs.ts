import { CACHE_MS, type WorkingHoursConfig } from '@puente/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, isApiRequestError } from '@/lib/api-client';

/**
 * GET /api/configs (spec 7): workingHours (time zone, intervals, allowOnWeekend, whitelists). Only
 * the part this screen reads is parsed, against the domain's type.
 * TODO(configs): use the contracts schema once the configs endpoint publishes one.
 */
const workingHoursSchema: z.ZodType<WorkingHoursConfig> = z.object({
  timezone: z.string(),
  intervals: z.array(z.object({ starts: z.string(), ends: z.string() })),
  allowOnWeekend: z.boolean(),
  whitelistDomains: z.array(z.string()),
  whitelistEmails: z.array(z.string()),
});
const configsSchema = z.object({ workingHours: workingHoursSchema.nullish() }).passthrough();

/**
 * The working hours, or null when the server publishes none. Until GET /api/configs exists (404),
 * or when it cannot be read, the hours are unknown and the member is not turned away: a medical
 * request should not be refused because a setting is missing.
 */
export const getWorkingHours = async (): Promise<WorkingHoursConfig | null> => {
  try {
    const configs = await apiRequest('/api/configs', { schema: configsSchema });
    return configs.workingHours ?? null;
  } catch (error) {
    if (isApiRequestError(error) || error instanceof z.ZodError) {
      console.warn('working hours unavailable', error);
      return null;
    }
    throw error;
  }
};

/** spec 9: configuration is cached 5 h. */
export const useWorkingHours = () =>
  useQuery({ queryKey: ['configs', 'working-hours'], queryFn: getWorkingHours, staleTime: CACHE_MS.configuration, gcTime: CACHE_MS.configuration });
