import { deletionRequestResponseSchema, type DeletionRequestResponse } from '@puente/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/member/{id}/deletion-request. */
export const requestDeletion = (memberId: string): Promise<DeletionRequestResponse> =>
  apiRequest(`/api/member/${encodeURIComponent(memberId)}/deletion-request`, { method: 'POST', body: {}, schema: deletionRequestResponseSchema });

export const useRequestDeletion = () => useMutation({ mutationFn: requestDeletion });
