import { deadLettersResponseSchema, type DeadLetterDto } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/admin/job-queue/dead: reminders that failed every retry (admins only). */
export const getDeadLetters = async (): Promise<DeadLetterDto[]> => (await apiRequest('/api/admin/job-queue/dead', { schema: deadLettersResponseSchema })).jobs;

export const useDeadLetters = () => useQuery({ queryKey: ['admin', 'dead-letters'] as const, queryFn: getDeadLetters });
