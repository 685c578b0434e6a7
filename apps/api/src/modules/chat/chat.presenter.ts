import { CHAT_PATHS, type ChatMessageDto, type ChatParticipant } from '@puente/contracts';
import type { ChatMessageRow, ChatParticipantRow } from '../../db/schema';

/** What leaves the server for a message: never the storage key. */
export function presentMessage(row: ChatMessageRow): ChatMessageDto {
  const media =
    row.mediaKey && row.mediaContentType && row.mediaFileName && row.mediaType
      ? { contentType: row.mediaContentType, fileName: row.mediaFileName, type: row.mediaType, size: row.mediaSize ?? 0, url: CHAT_PATHS.attachment(row.conversationId, row.id) }
      : null;
  return {
    sid: row.id,
    conversationId: row.conversationId,
    index: row.index,
    author: row.authorId,
    body: row.body,
    media,
    clientMessageId: row.clientMessageId,
    source: row.source,
    dateCreated: row.createdAt.toISOString(),
  };
}

export const presentParticipant = (row: ChatParticipantRow): ChatParticipant => ({ identity: row.userId, attributes: row.attributes });
