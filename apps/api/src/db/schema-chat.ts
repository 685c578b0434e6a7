import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AttachmentType, UserType } from '@puente/domain';
import { users } from './schema';
import { appointments } from './schema-appointments';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * spec 7 twilio/conversations: one conversation per appointment (issue 5), created on first use.
 * `lastIndex` is bumped under the row lock for every message, so message indexes follow commit
 * order and "everything after index N" never skips a message.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    lastIndex: integer('last_index').notNull().default(0),
    /** The secret part of the reply address of email-channel consultations (reply+<token>@...). */
    replyToken: text('reply_token').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('chat_conversations_appointment_unique').on(t.appointmentId), uniqueIndex('chat_conversations_reply_token_unique').on(t.replyToken)],
);

/** spec 7 twilio/participants: identity plus attributes {author, userType, imgUrl} (a snapshot). */
export const chatParticipants = pgTable(
  'chat_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attributes: jsonb('attributes').$type<{ author: string; userType: UserType; imgUrl: string | null }>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/** spec 3 Chat message: sid (id), author, body, media (contentType, fileName, type, size), dateCreated. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body'),
    /** The sender's own id for the message: a retried send is stored once. */
    clientMessageId: text('client_message_id'),
    source: text('source').$type<'app' | 'email'>().notNull().default('app'),
    mediaContentType: text('media_content_type'),
    mediaFileName: text('media_file_name'),
    mediaType: text('media_type').$type<AttachmentType>(),
    mediaSize: bigint('media_size', { mode: 'number' }),
    /** Where the storage provider keeps the bytes. */
    mediaKey: text('media_key'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('chat_messages_conversation_index_unique').on(t.conversationId, t.index),
    uniqueIndex('chat_messages_client_id_unique').on(t.conversationId, t.clientMessageId).where(sql`${t.clientMessageId} is not null`),
    index('chat_messages_author_idx').on(t.authorId),
  ],
);

export type ChatConversationRow = typeof chatConversations.$inferSelect;
export type ChatParticipantRow = typeof chatParticipants.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type NewChatMessageRow = typeof chatMessages.$inferInsert;
