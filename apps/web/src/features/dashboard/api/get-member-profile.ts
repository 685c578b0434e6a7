import { memberCareViewSchema, type MemberCareView } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/**
 * GET /api/members/{id}: the member's care view for a physician with a care relationship (only what
 * care needs: no contact details or identifiers; the server answers 404 to anyone else and writes
 * every read to the audit log).
 */
export const getMemberProfile = (memberId: string): Promise<MemberCareView> =>
  apiRequest(`/api/members/${encodeURIComponent(memberId)}`, { schema: memberCareViewSchema });

export const useMemberProfile = (memberId: string | undefined) =>
  useQuery({ queryKey: dashboardKeys.member(memberId ?? ''), queryFn: () => getMemberProfile(memberId!), enabled: !!memberId });
