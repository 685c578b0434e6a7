import { CALL_PATHS, channelChangeSchema, type ChannelChange } from '@puente/contracts';
import type { Channel } from '@puente/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** PATCH /api/appointments/{id}/channel/{channel}: video -> phone -> chat, keeping previousChannel. */
export const switchChannel = (input: { appointmentId: string; channel: Channel }): Promise<ChannelChange> =>
  apiRequest(CALL_PATHS.channel(input.appointmentId, input.channel), { method: 'PATCH', schema: channelChangeSchema });

export const useSwitchChannel = () => useMutation({ mutationFn: switchChannel });
