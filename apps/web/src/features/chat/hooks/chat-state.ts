import type { ChatMessageDto } from '@puente/contracts';
import { CHAT } from '@puente/domain';
import { format } from 'date-fns';
import { es } from 'date-fns/locale';

/** A message typed here and not yet acknowledged by the server (kept across reloads). */
export interface PendingMessage {
  clientMessageId: string;
  conversationId: string;
  body: string;
  createdAt: string;
}

/** Messages by sid, in index order: a message that arrives twice (live and fetched) is shown once. */
export function mergeMessages(current: readonly ChatMessageDto[], incoming: readonly ChatMessageDto[]): ChatMessageDto[] {
  if (incoming.length === 0) return current as ChatMessageDto[];
  const bySid = new Map(current.map((m) => [m.sid, m]));
  let changed = false;
  for (const m of incoming) {
    if (!bySid.has(m.sid)) {
      bySid.set(m.sid, m);
      changed = true;
    }
  }
  return changed ? [...bySid.values()].sort((a, b) => a.index - b.index) : (current as ChatMessageDto[]);
}

/** The highest index held (0 = none): a reconnect asks for everything after it. */
export const lastIndexOf = (messages: readonly ChatMessageDto[]): number => messages.reduce((max, m) => Math.max(max, m.index), 0);

/** Pending messages the server has not stored yet (once stored, the stored one shows instead). */
export const unsentPending = (pending: readonly PendingMessage[], messages: readonly ChatMessageDto[]): PendingMessage[] => {
  const stored = new Set(messages.map((m) => m.clientMessageId).filter(Boolean));
  return pending.filter((p) => !stored.has(p.clientMessageId));
};

/** spec 9: chat times 'h:mm a' with the ES locale, whatever the interface language. */
export const formatChatTime = (iso: string): string => format(new Date(iso), CHAT.timeFormat, { locale: es });
