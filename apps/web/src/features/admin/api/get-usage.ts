import { usageReportSchema, type UsageQuery, type UsageReport } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/usage: aggregates only, small counts shown as "<5". */
export const getUsage = (q: UsageQuery): Promise<UsageReport> =>
  apiRequest(`/api/admin/usage?${new URLSearchParams(Object.entries(q).flatMap(([k, v]) => (v ? [[k, String(v)]] : []))).toString()}`, { schema: usageReportSchema });

export const useUsage = (q: UsageQuery) => useQuery({ queryKey: adminKeys.usage(q), queryFn: () => getUsage(q), retry: false });
