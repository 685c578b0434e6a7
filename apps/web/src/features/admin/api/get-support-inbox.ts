import { supportInboxSchema, type SupportRequestDto } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/admin/support/requests: complaints and support requests, newest first (admins only). */
export const getSupportInbox = async (): Promise<SupportRequestDto[]> => (await apiRequest('/api/admin/support/requests', { schema: supportInboxSchema })).requests;

export const supportInboxKey = ['admin', 'support-inbox'] as const;

export const useSupportInbox = () => useQuery({ queryKey: supportInboxKey, queryFn: getSupportInbox });
