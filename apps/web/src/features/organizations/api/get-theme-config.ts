import { themeConfigSchema, type ThemeConfigDto } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, isApiRequestError } from '@/lib/api-client';

/** GET /api/organizations/{id}/theme-config (spec 7); an organization without a partner answers null. */
export const fetchThemeConfig = async (organizationId: string): Promise<ThemeConfigDto | null> => {
  try {
    return await apiRequest(`/api/organizations/${encodeURIComponent(organizationId)}/theme-config`, { schema: themeConfigSchema, auth: false });
  } catch (e) {
    if (isApiRequestError(e) && e.status === 404) return null;
    throw e;
  }
};

export const useThemeConfig = (organizationId: string | null | undefined) =>
  useQuery({
    queryKey: ['theme-config', organizationId ?? null],
    queryFn: () => fetchThemeConfig(organizationId!),
    enabled: !!organizationId,
    // spec 9: configuration is kept 5 h.
    staleTime: 5 * 60 * 60_000,
    retry: false,
  });
