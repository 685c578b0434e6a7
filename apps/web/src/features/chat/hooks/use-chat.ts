import {
  apiErrorSchema,
  chatMessageEventSchema,
  chatSendAckSchema,
  REALTIME_EVENTS,
  type ChatMessageDto,
  type ChatSendAck,
  type ConversationResponse,
} from '@puente/contracts';
import { shouldSendChatMessage, type AttachmentType, type ChatConnectionState } from '@puente/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppSocket as Socket } from '@/lib/socket';
import { isApiRequestError } from '@/lib/api-client';
import { useStore } from '@/lib/external-store';
import { useMember } from '@/features/profile';
import { socketStore } from '@/lib/socket';
import { conversationKey, fetchConversation, useConversation } from '../api/get-conversation';
import { uploadAttachment } from '../api/upload-attachment';
import { lastIndexOf, mergeMessages, unsentPending, type PendingMessage } from './chat-state';
import { readPending, writePending } from './pending-outbox';

/** How long a send waits for the server's ack before it is left for the next reconnect. */
const ACK_TIMEOUT_MS = 10_000;
const RETRY_AFTER_TIMEOUT_MS = 5_000;

type AckOutcome = ChatSendAck | 'timeout';
const emitWithTimeout = (socket: Socket, payload: { conversationId: string; clientMessageId: string; body: string }): Promise<AckOutcome> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), ACK_TIMEOUT_MS);
    socket.emit(REALTIME_EVENTS.chatSend, payload, (answer: unknown) => {
      clearTimeout(timer);
      const parsed = chatSendAckSchema.safeParse(answer);
      resolve(parsed.success ? parsed.data : 'timeout');
    });
  });

const connectionOf = (socket: Socket | null): ChatConnectionState => {
  if (!socket) return 'disconnected';
  if (socket.connected) return 'connected';
  return socket.active ? 'connecting' : 'disconnected';
};

const newClientMessageId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export interface UseChatOptions {
  /** The drawer is open (messages from others arriving while closed set the unread flag). */
  open: boolean;
  onUnreadChange?: (unread: boolean) => void;
}

/**
 * The live chat of an appointment: the conversation (created on first use), its messages in the
 * query cache merged by sid, a pending list of unacknowledged sends kept across reloads, and the
 * socket: live messages, and on every (re)connect a catch-up of what came after the last index
 * followed by a resend of what is still pending (the server stores each client id once).
 */
export function useChat(appointmentId: string | null | undefined, { open, onUnreadChange }: UseChatOptions) {
  const queryClient = useQueryClient();
  const me = useMember().data?.id;
  // One conversation per appointment, under the appointment's id; the first read creates it.
  const conversationId = appointmentId ?? undefined;
  const conversation = useConversation(conversationId);
  const socket = useStore(socketStore);
  const [connection, setConnection] = useState<ChatConnectionState>(() => connectionOf(socket));
  const [pending, setPendingState] = useState<PendingMessage[]>([]);
  const [unread, setUnread] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const pendingRef = useRef<PendingMessage[]>([]);
  const openRef = useRef(open);
  const meRef = useRef(me);
  const early = useRef<ChatMessageDto[]>([]);
  const flushing = useRef(false);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  openRef.current = open;
  meRef.current = me;

  const setPending = useCallback(
    (next: PendingMessage[]) => {
      pendingRef.current = next;
      setPendingState(next);
      if (conversationId) writePending(conversationId, next);
    },
    [conversationId],
  );

  useEffect(() => {
    if (!conversationId) return;
    const stored = readPending(conversationId);
    pendingRef.current = stored;
    setPendingState(stored);
  }, [conversationId]);

  /** Merge into the cached conversation (or hold until the first page arrives). Returns the new ones. */
  const merge = useCallback(
    (incoming: ChatMessageDto[]): ChatMessageDto[] => {
      if (!conversationId || incoming.length === 0) return [];
      const key = conversationKey(conversationId);
      const before = queryClient.getQueryData<ConversationResponse>(key);
      if (!before) {
        early.current = mergeMessages(early.current, incoming);
        return incoming;
      }
      const known = new Set(before.messages.map((m) => m.sid));
      const fresh = incoming.filter((m) => !known.has(m.sid));
      if (fresh.length > 0) queryClient.setQueryData<ConversationResponse>(key, { ...before, messages: mergeMessages(before.messages, fresh) });
      // A stored message replaces its pending twin.
      const storedIds = new Set(incoming.map((m) => m.clientMessageId).filter(Boolean));
      if (pendingRef.current.some((p) => storedIds.has(p.clientMessageId))) setPending(pendingRef.current.filter((p) => !storedIds.has(p.clientMessageId)));
      return fresh;
    },
    [conversationId, queryClient, setPending],
  );

  const noteArrivals = useCallback((fresh: ChatMessageDto[]) => {
    if (!openRef.current && fresh.some((m) => m.author !== meRef.current)) setUnread(true);
  }, []);

  // Messages that came live before the first page: merged in once it is there.
  useEffect(() => {
    if (conversation.data && early.current.length > 0) {
      const held = early.current;
      early.current = [];
      merge(held);
    }
  }, [conversation.data, merge]);

  /** spec: after a reconnect, everything after the last message held (page by page). */
  const catchUp = useCallback(async () => {
    if (!conversationId) return;
    const cached = queryClient.getQueryData<ConversationResponse>(conversationKey(conversationId));
    if (!cached) return;
    let after = lastIndexOf(cached.messages);
    for (let page = 0; page < 20; page++) {
      const next = await fetchConversation(conversationId, { after });
      noteArrivals(merge(next.messages));
      if (!next.hasMore || next.messages.length === 0) break;
      after = lastIndexOf(next.messages);
    }
  }, [conversationId, merge, noteArrivals, queryClient]);

  /** Sends what is pending, oldest first; stops at the first unanswered send (left for the next connect). */
  const flush = useCallback(async () => {
    if (!socket || !conversationId || flushing.current) return;
    clearTimeout(retryTimer.current);
    flushing.current = true;
    try {
      for (;;) {
        const next = pendingRef.current.find((p) => p.conversationId === conversationId);
        if (!next || !socket.connected) break;
        const ack = await emitWithTimeout(socket, { conversationId, clientMessageId: next.clientMessageId, body: next.body });
        if (ack === 'timeout') {
          // Still connected but unanswered: try again a little later (the server stores it once).
          retryTimer.current = setTimeout(() => void flushRef.current(), RETRY_AFTER_TIMEOUT_MS);
          break;
        }
        if ('ok' in ack) {
          merge([ack.message]);
          setPending(pendingRef.current.filter((p) => p.clientMessageId !== next.clientMessageId));
        } else {
          // Refused for good (e.g. the consultation is no longer ours): drop it and say so.
          setPending(pendingRef.current.filter((p) => p.clientMessageId !== next.clientMessageId));
          setError(Object.values(ack.error.fields ?? {})[0] ?? 'chat_send_failed');
        }
      }
    } finally {
      flushing.current = false;
    }
  }, [conversationId, merge, setPending, socket]);
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  // The connection state follows the socket alone (spec 4: loading unless connected).
  useEffect(() => {
    setConnection(connectionOf(socket));
    if (!socket) return;
    const onConnect = () => setConnection('connected');
    const onDisconnect = () => setConnection(socket.active ? 'connecting' : 'disconnected');
    const onConnectError = (err: unknown) => {
      const code = apiErrorSchema.safeParse((err as { data?: unknown } | null)?.data).data?.error.code;
      setConnection(code === 'UNAUTHORIZED' || code === 'FORBIDDEN' ? 'denied' : socket.active ? 'connecting' : 'disconnected');
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
    };
  }, [socket]);

  useEffect(() => {
    if (!socket || !conversationId) return;
    const onMessage = (payload: unknown) => {
      const parsed = chatMessageEventSchema.safeParse(payload);
      if (!parsed.success || parsed.data.message.conversationId !== conversationId) return;
      noteArrivals(merge([parsed.data.message]));
    };
    const resume = () => {
      void catchUp()
        .catch(() => undefined)
        .then(() => flush());
    };
    socket.on(REALTIME_EVENTS.chatMessage, onMessage);
    socket.on('connect', resume);
    if (socket.connected) resume();
    return () => {
      socket.off(REALTIME_EVENTS.chatMessage, onMessage);
      socket.off('connect', resume);
    };
  }, [socket, conversationId, merge, noteArrivals, catchUp, flush]);

  // Once the first page is in, a catch-up covers anything that slipped between fetch and listen.
  const loaded = !!conversation.data;
  useEffect(() => {
    if (loaded && socket?.connected) void catchUp().catch(() => undefined);
  }, [loaded, socket, catchUp]);

  useEffect(() => {
    if (open) setUnread(false);
  }, [open]);
  useEffect(() => {
    onUnreadChange?.(unread);
  }, [unread, onUnreadChange]);

  /** spec 5: sent only if non-empty after trimming. */
  const send = useCallback(
    (text: string): boolean => {
      if (!conversationId || !shouldSendChatMessage(text)) return false;
      setError(null);
      setPending([...pendingRef.current, { clientMessageId: newClientMessageId(), conversationId, body: text.trim(), createdAt: new Date().toISOString() }]);
      void flush();
      return true;
    },
    [conversationId, flush, setPending],
  );

  const sendFile = useCallback(
    async (file: File, type: AttachmentType): Promise<void> => {
      if (!conversationId) return;
      setError(null);
      setUploading(true);
      try {
        const message = await uploadAttachment(conversationId, { file, type, clientMessageId: newClientMessageId() });
        merge([message]);
      } catch (e) {
        setError(isApiRequestError(e) ? (Object.values(e.fields ?? {})[0] ?? 'chat_upload_failed') : 'chat_upload_failed');
      } finally {
        setUploading(false);
      }
    },
    [conversationId, merge],
  );

  const messages = conversation.data?.messages ?? [];
  return {
    conversationId,
    participants: conversation.data?.participants ?? [],
    messages,
    pending: unsentPending(pending, messages),
    me,
    connection,
    unread,
    error,
    uploading,
    loaded: !!conversation.data,
    isLoading: conversation.isLoading,
    isError: conversation.isError,
    send,
    sendFile,
  };
}
