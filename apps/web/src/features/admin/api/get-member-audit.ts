import { auditPageSchema, type AuditPage } from '@puente/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/members/{id}/audit: who read or changed what, newest first (the read is audited). */
export const getMemberAudit = (id: string, page: number, pageSize: number): Promise<AuditPage> =>
  apiRequest(`/api/admin/members/${encodeURIComponent(id)}/audit?page=${page}&pageSize=${pageSize}`, { schema: auditPageSchema });

export const useMemberAudit = (id: string, page: number, pageSize: number) =>
  useQuery({ queryKey: adminKeys.memberAudit(id, page, pageSize), queryFn: () => getMemberAudit(id, page, pageSize), placeholderData: keepPreviousData, staleTime: Infinity });
