import { CHAT_PATHS, createConversationResponseSchema } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** spec 7 twilio/conversations (ours): the appointment's conversation, created on first use. */
export const createConversation = async (appointmentId: string): Promise<string> =>
  (await apiRequest(CHAT_PATHS.conversations, { method: 'POST', body: { appointmentId }, schema: createConversationResponseSchema })).id;

export const conversationIdKey = (appointmentId: string) => ['chat', 'conversation-id', appointmentId] as const;

/** The id never changes for an appointment, so it is kept while the screen lives. */
export const useConversationId = (appointmentId: string | null | undefined) =>
  useQuery({
    queryKey: conversationIdKey(appointmentId ?? ''),
    queryFn: () => createConversation(appointmentId!),
    enabled: !!appointmentId,
    staleTime: Infinity,
  });
