import { adminMemberPageSchema, type AdminMemberPage } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/members?query=: by phone or member id (each result is an audited read). */
export const findMembers = (query: string, page: number, pageSize: number): Promise<AdminMemberPage> =>
  apiRequest(`/api/admin/members?${new URLSearchParams({ query, page: String(page), pageSize: String(pageSize) }).toString()}`, { schema: adminMemberPageSchema });

export const useFindMembers = (query: string, page = 0, pageSize = 10) =>
  useQuery({ queryKey: adminKeys.members(query, page, pageSize), queryFn: () => findMembers(query, page, pageSize), enabled: query.length > 0, retry: false, staleTime: Infinity });
