import { supportRequestSchema, type SupportRequestDto } from '@puente/contracts';
import type { FeedbackStatus } from '@puente/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { supportInboxKey } from './get-support-inbox';

/** PATCH /api/admin/support/requests/{id}: new, in progress, answered, closed. */
export const updateSupportRequest = (id: string, status: FeedbackStatus): Promise<SupportRequestDto> =>
  apiRequest(`/api/admin/support/requests/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status }, schema: supportRequestSchema });

export const useUpdateSupportRequest = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: FeedbackStatus }) => updateSupportRequest(id, status),
    onSuccess: () => client.invalidateQueries({ queryKey: supportInboxKey }),
  });
};
