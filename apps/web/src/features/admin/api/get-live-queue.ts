import { liveQueueResponseSchema, type AppointmentDto } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/appointments/live: every appointment not yet in a terminal state. */
export const getLiveQueue = async (): Promise<AppointmentDto[]> =>
  (await apiRequest('/api/admin/appointments/live', { schema: liveQueueResponseSchema })).appointments;

// Not in the spec: alerts refetch at once; this poll only covers alerts an admin is not sent.
export const LIVE_QUEUE_POLL_MS = 10_000;

export const useLiveQueue = () => useQuery({ queryKey: adminKeys.liveQueue(), queryFn: getLiveQueue, refetchInterval: LIVE_QUEUE_POLL_MS });
