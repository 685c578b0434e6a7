import { publicConfigSchema, type PublicConfig } from '@puente/contracts';
import { CACHE_MS, type WorkingHoursConfig } from '@puente/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/configs (spec 7): working hours, company phones, countries, supported phone codes, app links. */
export const fetchPublicConfig = (): Promise<PublicConfig> => apiRequest('/api/configs', { schema: publicConfigSchema, auth: false });

/** spec 9: configuration is cached 5 hours. One query for every screen that reads it. */
export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['public-config'], queryFn: fetchPublicConfig, staleTime: CACHE_MS.configuration, gcTime: CACHE_MS.configuration });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());

/**
 * The care working hours from the same query. Unknown (undefined) while loading or when the
 * configuration cannot be read: the member is then not turned away, since a medical request
 * should not be refused because a setting is missing.
 */
export const useWorkingHours = () => useQuery({ ...publicConfigQueryOptions(), select: (config): WorkingHoursConfig => config.workingHours });
