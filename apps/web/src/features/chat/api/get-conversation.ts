import { CHAT_PATHS, conversationResponseSchema, type ConversationResponse } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** spec 7 twilio/conversations/{id}: participants and the newest page of messages (or those after an index). */
export const fetchConversation = (conversationId: string, params: { after?: number; before?: number; limit?: number } = {}): Promise<ConversationResponse> => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
  const query = search.toString();
  return apiRequest(`${CHAT_PATHS.conversation(conversationId)}${query ? `?${query}` : ''}`, { schema: conversationResponseSchema });
};

export const conversationKey = (conversationId: string) => ['chat', 'conversation', conversationId] as const;

/**
 * The conversation as the cache holds it: the first page, then every message that arrives (live
 * or fetched after a reconnect) merged in by sid. Nothing else refetches it.
 */
export const useConversation = (conversationId: string | undefined) =>
  useQuery({
    queryKey: conversationKey(conversationId ?? ''),
    queryFn: () => fetchConversation(conversationId!),
    enabled: !!conversationId,
    staleTime: Infinity,
  });
