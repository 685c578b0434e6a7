import { memberLedgerResponseSchema, type MemberLedgerResponse } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/members/{id}/entitlements: a member's entitlement ledger and her current access (membership's endpoint, audited). */
export const getMemberLedger = (memberId: string): Promise<MemberLedgerResponse> =>
  apiRequest(`/api/admin/members/${encodeURIComponent(memberId)}/entitlements`, { schema: memberLedgerResponseSchema });

/** Read each time it is shown (gcTime 0): the ledger changes under the admin's eyes. */
export const useMemberLedger = (memberId: string | null) =>
  useQuery({ queryKey: adminKeys.memberLedger(memberId ?? ''), queryFn: () => getMemberLedger(memberId!), enabled: memberId !== null, gcTime: 0 });
