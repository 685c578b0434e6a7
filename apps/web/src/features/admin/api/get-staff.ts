import { staffPageSchema, type StaffListQuery, type StaffPage } from '@puente/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';

const toQuery = (q: Partial<StaffListQuery>): string =>
  new URLSearchParams(Object.entries(q).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]]))).toString();

/** GET /api/admin/staff: coaches, US doctors and admins, paged on the server. */
export const getStaff = (q: Partial<StaffListQuery>): Promise<StaffPage> => apiRequest(`/api/admin/staff?${toQuery(q)}`, { schema: staffPageSchema });

export const useStaffPage = (q: Partial<StaffListQuery>) => useQuery({ queryKey: adminKeys.staffPage(q), queryFn: () => getStaff(q), placeholderData: keepPreviousData });
