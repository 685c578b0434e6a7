import type { PendingMessage } from './chat-state';

/**
 * Unacknowledged messages survive a reload in localStorage (key ours: chat-pending:<conversation>),
 * so what the member typed before the connection dropped is sent once it is back.
 */
const keyOf = (conversationId: string) => `chat-pending:${conversationId}`;

export function readPending(conversationId: string): PendingMessage[] {
  try {
    const raw = window.localStorage.getItem(keyOf(conversationId));
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(parsed) ? (parsed as PendingMessage[]).filter((p) => typeof p?.clientMessageId === 'string' && typeof p.body === 'string') : [];
  } catch {
    return [];
  }
}

export function writePending(conversationId: string, pending: readonly PendingMessage[]): void {
  try {
    if (pending.length === 0) window.localStorage.removeItem(keyOf(conversationId));
    else window.localStorage.setItem(keyOf(conversationId), JSON.stringify(pending));
  } catch {
    // Storage may be unavailable (private mode): pending messages then live in memory only.
  }
}
