import { ATTACHMENT_TYPES, CHAT_KEYS, chatMessageSchema, USER_TYPES, safeFormat, safeString } from '@puente/domain';
import * as z from 'zod/mini';
import { apiErrorSchema } from './errors';

/**
 * Chat (spec 000 §3 "Chat message", spec 001 §5 chat rules, §7 twilio/* chat calls, which here are
 * our own endpoints). One conversation per appointment; only the appointment's member, its
 * assigned coach and US doctor (and admins) may read or write it, everyone else gets NOT_FOUND.
 *
 * Delivery is at least once: the client gives every message a `clientMessageId`; the server keeps
 * one message per (conversation, clientMessageId) and acknowledges a repeat with the stored one.
 * `index` grows by one per message in a conversation, so "everything after index N" is a complete
 * catch-up after a reconnect.
 */

/** spec 3: media attributes fileName, type, size, plus the content type checked from the bytes. */
export const chatMediaSchema = z.object({
  contentType: safeString(),
  fileName: safeString(),
  type: z.enum(ATTACHMENT_TYPES),
  size: z.int(),
  /** GET it with the bearer token (participants only). */
  url: safeString(),
});
export type ChatMedia = z.infer<typeof chatMediaSchema>;

export const CHAT_MESSAGE_SOURCES = ['app', 'email'] as const;

/** spec 3 Chat message: sid, author, body, media, dateCreated. */
export const chatMessageDtoSchema = z.object({
  sid: safeString(),
  conversationId: safeString(),
  index: z.int(),
  /** The author's user id (participants carry the display attributes). */
  author: safeString(),
  body: z.nullable(safeString()),
  media: z.nullable(chatMediaSchema),
  clientMessageId: z.nullable(safeString()),
  /** 'email' when the message arrived as an email reply (email-channel consultations). */
  source: z.enum(CHAT_MESSAGE_SOURCES),
  dateCreated: safeString(),
});
export type ChatMessageDto = z.infer<typeof chatMessageDtoSchema>;

/** spec 7 twilio/participants: identity and attributes {author, userType, imgUrl}. */
export const chatParticipantSchema = z.object({
  identity: safeString(),
  attributes: z.object({ author: safeString(), userType: z.enum(USER_TYPES), imgUrl: z.nullable(safeString()) }),
});
export type ChatParticipant = z.infer<typeof chatParticipantSchema>;

/** A client message id: any unique string the client chose (a UUID in the web app). */
export const clientMessageIdSchema = safeString().check(z.trim(), z.minLength(8), z.maxLength(100));

/**
 * POST /api/chat/conversations {appointmentId} -> {id} (created on first use, then the same id).
 * The id is the appointment's id, and GET of it creates the conversation too, so a client that
 * knows the appointment can skip this call.
 */
export const createConversationInputSchema = z.object({ appointmentId: safeFormat(z.uuid({ message: 'invalid_appointment' })) });
export const createConversationResponseSchema = z.object({ id: safeString() });
export type CreateConversationResponse = z.infer<typeof createConversationResponseSchema>;

/** spec 9: not shown; a page of 50 covers a consultation and keeps the first paint small. */
export const CHAT_PAGE_SIZE = 50;
/**
 * GET /api/chat/conversations/:id?after=&before=&limit=. `after` = messages with a greater index
 * (catch-up after a reconnect, oldest first); `before` = the page before an index (scrolling up);
 * neither = the newest page. Messages are always in index order.
 */
export const conversationQuerySchema = z.object({
  after: z.optional(z.pipe(z.coerce.number(), z.int().check(z.gte(0)))),
  before: z.optional(z.pipe(z.coerce.number(), z.int().check(z.gte(1)))),
  limit: z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(200))), CHAT_PAGE_SIZE),
});
export type ConversationQuery = z.input<typeof conversationQuerySchema>;
export const conversationResponseSchema = z.object({
  id: safeString(),
  appointmentId: safeString(),
  /** 'email' for an email-channel consultation (messages are also emailed to the other side). */
  channel: z.enum(['chat', 'email']),
  participants: z.array(chatParticipantSchema),
  messages: z.array(chatMessageDtoSchema),
  /** More messages exist in the direction asked (older for the newest page / before; newer for after). */
  hasMore: z.boolean(),
});
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;

/** POST /api/chat/conversations/:id/attachments (multipart): these fields, then one `file`. */
export const attachmentFieldsSchema = z.object({
  type: z.enum(ATTACHMENT_TYPES, { error: CHAT_KEYS.attachmentType }),
  clientMessageId: clientMessageIdSchema,
  /** An optional caption (trimmed, at most 4,000 characters kept). */
  body: z.optional(safeString()),
});
export const attachmentResponseSchema = z.object({ message: chatMessageDtoSchema });

/** Socket chat-send: a text message; spec 5: sent only if non-empty after trimming. */
export const chatSendSchema = z.object({
  conversationId: safeFormat(z.uuid()),
  clientMessageId: clientMessageIdSchema,
  body: z.pipe(chatMessageSchema, safeString().check(z.maxLength(4_000))),
});
export type ChatSend = z.infer<typeof chatSendSchema>;
export const chatSendAckSchema = z.union([z.object({ ok: z.literal(true), message: chatMessageDtoSchema }), apiErrorSchema]);
export type ChatSendAck = z.infer<typeof chatSendAckSchema>;
/** Socket chat-message (server -> participants). */
export const chatMessageEventSchema = z.object({ message: chatMessageDtoSchema });
export type ChatMessageEvent = z.infer<typeof chatMessageEventSchema>;

export interface ChatClientToServerEvents {
  'chat-send': (payload: ChatSend, ack?: (answer: ChatSendAck) => void) => void;
}
export interface ChatServerToClientEvents {
  'chat-message': (payload: ChatMessageEvent) => void;
}

/**
 * POST /api/chat/inbound-email: the mail gateway posts each reply here with the shared secret in
 * the `x-inbound-email-secret` header. `to` holds the reply address with the conversation token.
 */
export const INBOUND_EMAIL_SECRET_HEADER = 'x-inbound-email-secret';
export const inboundEmailSchema = z.object({
  from: safeString().check(z.trim(), z.minLength(3), z.maxLength(320)),
  to: z.union([safeString().check(z.trim(), z.minLength(3), z.maxLength(2_000)), z.array(safeString().check(z.trim(), z.minLength(3), z.maxLength(320))).check(z.minLength(1), z.maxLength(50))]),
  subject: z.optional(safeString().check(z.maxLength(1_000))),
  text: safeString().check(z.maxLength(100_000)),
  /** The email's Message-ID: a repeat delivery of the same email is stored once. */
  messageId: z.optional(safeString().check(z.trim(), z.minLength(1), z.maxLength(1_000))),
});
export type InboundEmail = z.infer<typeof inboundEmailSchema>;

export const CHAT_PATHS = {
  conversations: '/api/chat/conversations',
  conversation: (id: string) => `/api/chat/conversations/${encodeURIComponent(id)}`,
  attachments: (id: string) => `/api/chat/conversations/${encodeURIComponent(id)}/attachments`,
  attachment: (id: string, messageSid: string) => `/api/chat/conversations/${encodeURIComponent(id)}/attachments/${encodeURIComponent(messageSid)}`,
  inboundEmail: '/api/chat/inbound-email',
} as const;
