import { adminCoachesResponseSchema, type AdminCoachDto } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/admin/coaches: the coaches who keep a calendar (admins only). */
export const getCoaches = async (): Promise<AdminCoachDto[]> => (await apiRequest('/api/admin/coaches', { schema: adminCoachesResponseSchema })).coaches;

export const useAdminCoaches = () => useQuery({ queryKey: ['admin', 'coaches'] as const, queryFn: getCoaches });
