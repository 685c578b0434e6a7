import { randomBytes, randomUUID, timingSafeEqual, createHash } from 'node:crypto';
import {
  attachmentFieldsSchema,
  chatSendSchema,
  conversationQuerySchema,
  inboundEmailSchema,
  REALTIME_EVENTS,
  userRoom,
  type ChatMessageDto,
  type ConversationQuery,
  type ConversationResponse,
  type CreateConversationResponse,
} from '@puente/contracts';
import { CHAT, CHAT_KEYS, isUuid, PRODUCT_NAME, type AttachmentType } from '@puente/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppointmentRow, ChatConversationRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import type { Clock } from '../../lib/clock';
import type { EmailProvider } from '../../providers/email/email.provider';
import type { StorageProvider } from '../../providers/storage/storage.provider';
import { safeFileName, sniffAttachment } from './attachment-sniff';
import { actorOf, assertAppointmentInScope, guestRoom, type Actor } from '../auth/session-scope';
import { addressOf, messageEmail, replyAddress, replyText, tokenFromRecipients } from './chat-email';
import type { AuditService } from '../audit/audit.service';
import type { MembersService } from '../members/members.service';
import type { PhysiciansService } from '../physicians/physicians.service';
import type { ChatConfig } from './chat.config';
import { chatRecipients, conversationChannel, mayUseChat } from './chat.policy';
import { presentMessage, presentParticipant } from './chat.presenter';
import type { AppointmentsService } from '../appointments/appointments.service';
import type { ChatRepository, NewMessage } from './chat.repository';

/** What the chat service needs from the realtime gateway. */
export interface ChatRealtime {
  emitToRooms(rooms: string[], event: typeof REALTIME_EVENTS.chatMessage, payload: { message: ChatMessageDto }): void;
}

export interface ChatServiceDeps {
  repo: ChatRepository;
  /** The appointments a conversation belongs to: read, and their chat columns written, through their service. */
  appointments: Pick<AppointmentsService, 'byId' | 'linkConversation' | 'markChatHasMessages'>;
  clock: Clock;
  storage: StorageProvider;
  email: EmailProvider;
  realtime: ChatRealtime;
  config: ChatConfig;
  log: FastifyBaseLogger;
  /** A consultation's chat is part of its record: reads and writes by anyone but the member are audited. */
  audit: AuditService;
  /** The people of a chat are the members module's accounts; a physician's picture the physicians module's. */
  accounts: Pick<MembersService, 'account' | 'accounts'>;
  physicians: Pick<PhysiciansService, 'imgUrlOf'>;
}

export interface AttachmentUpload {
  fields: Record<string, string>;
  fileName: string | undefined;
  data: Buffer;
}

const displayName = (u: Pick<UserRow, 'firstName' | 'lastName' | 'nickName'>): string =>
  u.nickName?.trim() || [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || PRODUCT_NAME;

/**
 * Chat of a consultation (issue 5): one conversation per appointment, messages stored once per
 * client id, pushed live to the appointment's people (policy read again before each emit), and in
 * email-channel consultations emailed to the other side with a reply address that threads the
 * answer back in.
 */
export class ChatService {
  constructor(private readonly deps: ChatServiceDeps) {}

  /** The appointment, if the user may use its chat; NOT_FOUND otherwise (never a hint it exists). */
  private async appointmentFor(user: Actor, appointmentId: string): Promise<AppointmentRow> {
    // A guest-link session uses its own appointment's chat only.
    assertAppointmentInScope(user, appointmentId);
    const appointment = await this.deps.appointments.byId(appointmentId);
    if (!appointment || !mayUseChat(user, appointment)) throw new AppError('NOT_FOUND');
    return appointment;
  }

  private async conversationFor(user: Actor, conversationId: string): Promise<{ conversation: ChatConversationRow; appointment: AppointmentRow }> {
    if (!isUuid(conversationId)) throw new AppError('NOT_FOUND');
    const existing = await this.deps.repo.findConversation(conversationId);
    const appointment = await this.appointmentFor(user, existing?.appointmentId ?? conversationId);
    // The conversation id is the appointment id: the first read of a new one creates it.
    const conversation = existing ?? (await this.conversationOf(appointment));
    return { conversation, appointment };
  }

  /** Keeps the participant list (spec 7 twilio/participants) in step with the appointment's people. */
  private async syncParticipants(conversation: ChatConversationRow, appointment: AppointmentRow): Promise<void> {
    const existing = new Set((await this.deps.repo.participants(conversation.id)).map((p) => p.userId));
    const missing = chatRecipients(appointment).filter((id) => !existing.has(id));
    for (const user of await this.deps.accounts.accounts(missing)) {
      const imgUrl = user.userType === 'member' ? null : await this.deps.physicians.imgUrlOf(user.id);
      await this.deps.repo.upsertParticipant({
        conversationId: conversation.id,
        userId: user.id,
        attributes: { author: displayName(user), userType: user.userType, imgUrl },
        createdAt: this.deps.clock.now(),
      });
    }
  }

  /** POST /api/chat/conversations: the appointment's conversation, created on first use. */
  async ensureConversation(user: Actor, appointmentId: string): Promise<CreateConversationResponse> {
    const appointment = await this.appointmentFor(user, appointmentId);
    const conversation = await this.conversationOf(appointment);
    return { id: conversation.id };
  }

  /**
   * The conversation of an appointment, created on first use (and recorded on the appointment as
   * conversationid). For other modules: no policy check here, callers have done theirs.
   */
  async conversationOf(appointment: AppointmentRow): Promise<ChatConversationRow> {
    const conversation =
      (await this.deps.repo.findConversationByAppointment(appointment.id)) ??
      (await this.deps.repo.ensureConversation(appointment.id, randomBytes(18).toString('base64url'), this.deps.clock.now(), (tx, id) =>
        this.deps.appointments.linkConversation(appointment.id, id, tx),
      ));
    await this.syncParticipants(conversation, appointment);
    return conversation;
  }

  /**
   * For the appointments module (the US doctor's handoff, issue 11): the chat's counts and last
   * messages. No policy check here: the caller has done its own (and audits the read).
   */
  async summary(appointmentId: string, last: number): Promise<{ messageCount: number; attachmentCount: number; last: { userType: UserRow['userType']; body: string | null; media: boolean; at: Date }[] }> {
    const summary = await this.deps.repo.summary(appointmentId, last);
    const authors = new Map((await this.deps.accounts.accounts(summary.last.map((m) => m.authorId))).map((u) => [u.id, u.userType]));
    return { ...summary, last: summary.last.flatMap(({ authorId, ...m }) => (authors.has(authorId) ? [{ ...m, userType: authors.get(authorId)! }] : [])) };
  }

  /** GET /api/chat/conversations/:id: participants and a page of messages. */
  async getConversation(user: Actor, conversationId: string, rawQuery: ConversationQuery | unknown): Promise<ConversationResponse> {
    const query = parseWith(conversationQuerySchema, rawQuery);
    const { conversation, appointment } = await this.conversationFor(user, conversationId);
    await this.syncParticipants(conversation, appointment);
    const [participants, page] = await Promise.all([this.deps.repo.participants(conversation.id), this.deps.repo.messages(conversation.id, query)]);
    await this.deps.audit.record({ actor: user, action: 'read', resource: 'chat', subjectId: appointment.memberId, recordId: appointment.id });
    return {
      id: conversation.id,
      appointmentId: appointment.id,
      channel: conversationChannel(appointment),
      participants: participants.map(presentParticipant),
      messages: page.rows.map(presentMessage),
      hasMore: page.hasMore,
    };
  }

  /** Socket chat-send: a text message (spec 5: only if non-empty after trimming), with the socket's session scope. */
  async sendText(caller: { userId: string; sessionScope: Actor['sessionScope'] }, payload: unknown): Promise<ChatMessageDto> {
    const input = parseWith(chatSendSchema, payload);
    const row = await this.deps.accounts.account(caller.userId);
    if (!row || row.deletedAt) throw new AppError('UNAUTHORIZED');
    const user = actorOf(row, caller.sessionScope ?? null);
    const { conversation, appointment } = await this.conversationFor(user, input.conversationId);
    const { message } = await this.store(user, conversation, appointment, { authorId: user.id, body: input.body, clientMessageId: input.clientMessageId, source: 'app', createdAt: this.deps.clock.now() });
    return message;
  }

  /**
   * POST /api/chat/conversations/:id/attachments. The bytes decide the type (spec 5: image or
   * pdf only): an executable named .pdf is refused, whatever the client said it was.
   */
  async sendAttachment(user: Actor, conversationId: string, upload: AttachmentUpload): Promise<ChatMessageDto> {
    const { conversation, appointment } = await this.conversationFor(user, conversationId);
    const fields = parseWith(attachmentFieldsSchema, upload.fields);
    if (upload.data.length === 0) throw new AppError('INVALID_DATA', { fields: { file: CHAT_KEYS.attachmentType } });
    if (upload.data.length > CHAT.attachmentMaxBytes) throw new AppError('INVALID_DATA', { fields: { file: CHAT_KEYS.attachmentSize } });
    const sniffed = await sniffAttachment(upload.data);
    if (!sniffed) throw new AppError('INVALID_DATA', { fields: { file: CHAT_KEYS.attachmentType } });
    const body = fields.body?.trim() ? fields.body.trim().slice(0, 4_000) : null;
    const key = `${conversation.id}/${randomUUID()}`;
    await this.deps.storage.put(key, upload.data);
    const values: NewMessage = {
      authorId: user.id,
      body,
      clientMessageId: fields.clientMessageId,
      source: 'app',
      mediaContentType: sniffed.contentType,
      mediaFileName: safeFileName(upload.fileName, sniffed.ext),
      mediaType: fields.type as AttachmentType,
      mediaSize: upload.data.length,
      mediaKey: key,
      createdAt: this.deps.clock.now(),
    };
    try {
      const { message, created } = await this.store(user, conversation, appointment, values);
      // A retried upload answers with the first message; the repeat's bytes go.
      if (!created) await this.deps.storage.delete(key);
      return message;
    } catch (error) {
      await this.deps.storage.delete(key).catch(() => undefined);
      throw error;
    }
  }

  /** GET of an attachment: participants only; the bytes with their checked type. */
  async readAttachment(user: Actor, conversationId: string, messageSid: string): Promise<{ contentType: string; fileName: string; data: Buffer }> {
    const { conversation, appointment } = await this.conversationFor(user, conversationId);
    if (!isUuid(messageSid)) throw new AppError('NOT_FOUND');
    const message = await this.deps.repo.findMessage(conversation.id, messageSid);
    if (!message?.mediaKey || !message.mediaContentType) throw new AppError('NOT_FOUND');
    const data = await this.deps.storage.get(message.mediaKey);
    if (!data) throw new AppError('NOT_FOUND');
    await this.deps.audit.record({ actor: user, action: 'read', resource: 'chat-attachment', subjectId: appointment.memberId, recordId: appointment.id });
    return { contentType: message.mediaContentType, fileName: message.mediaFileName ?? 'archivo', data };
  }

  /**
   * POST /api/chat/inbound-email: the mail gateway (authenticated by the shared secret) hands us
   * a reply; the token in the reply address names the conversation and the sender must be one of
   * its people (matched by email address). The new text, without the quoted original, is stored
   * like any message (once per Message-ID) and goes out live and by email.
   */
  async receiveInboundEmail(secret: string | undefined, payload: unknown): Promise<ChatMessageDto> {
    const expected = this.deps.config.inboundEmailSecret;
    if (!expected || !secret || !safeEqual(secret, expected)) throw new AppError('UNAUTHORIZED');
    const email = parseWith(inboundEmailSchema, payload);
    const token = tokenFromRecipients(email.to);
    const conversation = token ? await this.deps.repo.findConversationByReplyToken(token) : undefined;
    if (!conversation) throw new AppError('NOT_FOUND');
    const appointment = await this.deps.appointments.byId(conversation.appointmentId);
    if (!appointment) throw new AppError('NOT_FOUND');
    const sender = addressOf(email.from);
    const people = await this.deps.accounts.accounts(chatRecipients(appointment));
    const author = people.find((u) => !u.deletedAt && u.email?.trim().toLowerCase() === sender);
    if (!author) throw new AppError('NOT_FOUND');
    const body = replyText(email.text);
    if (!body) throw new AppError('INVALID_DATA', { fields: { text: CHAT_KEYS.empty } });
    const clientMessageId = email.messageId ? `email:${createHash('sha256').update(email.messageId).digest('hex')}` : null;
    const { message } = await this.store(author, conversation, appointment, { authorId: author.id, body: body.slice(0, 4_000), clientMessageId, source: 'email', createdAt: this.deps.clock.now() });
    return message;
  }

  /** Stores once, then (only for a new message) pushes it live and, in email consultations, emails it. */
  private async store(author: UserRow, conversation: ChatConversationRow, appointment: AppointmentRow, values: NewMessage): Promise<{ message: ChatMessageDto; created: boolean }> {
    // The audit row of a new message commits with it (appendMessage runs this only for a new one).
    const { row, created } = await this.deps.repo.appendMessage(conversation.id, values, async (tx) => {
      await this.deps.appointments.markChatHasMessages(appointment.id, tx);
      await this.deps.audit.record({ actor: author, action: 'create', resource: 'chat-message', subjectId: appointment.memberId, recordId: appointment.id }, tx);
    });
    const message = presentMessage(row);
    if (created) {
      await this.emit(appointment, message);
      if (conversationChannel(appointment) === 'email') await this.emailOthers(author, conversation, appointment.id, message);
    }
    return { message, created };
  }

  /**
   * Policy before every emit: the appointment is read again and only its people receive it. The
   * message is already stored: if that read fails (the database connection dropped), the row this
   * send was checked against a moment ago decides, so a stored message is never left undelivered
   * (a retry of the send finds it stored and does not emit again).
   */
  private async emit(appointment: AppointmentRow, message: ChatMessageDto): Promise<void> {
    const fresh = await this.deps.appointments.byId(appointment.id).catch(() => appointment);
    if (!fresh) return;
    // Guest-link sockets are not in the member's room: they get their own appointment's chat only.
    this.deps.realtime.emitToRooms([...chatRecipients(fresh).map(userRoom), guestRoom(fresh.id)], REALTIME_EVENTS.chatMessage, { message });
  }

  private async emailOthers(author: UserRow, conversation: ChatConversationRow, appointmentId: string, message: ChatMessageDto): Promise<void> {
    const fresh = await this.deps.appointments.byId(appointmentId);
    if (!fresh) return;
    const others = (await this.deps.accounts.accounts(chatRecipients(fresh).filter((id) => id !== author.id))).filter((u) => u.email && !u.deletedAt);
    const replyTo = replyAddress(conversation.replyToken, this.deps.config.replyDomain);
    for (const recipient of others) {
      const content = messageEmail(recipient.preferredLang, { authorName: displayName(author), body: message.body, fileName: message.media?.fileName ?? null, replyTo });
      try {
        await this.deps.email.send({ to: recipient.email!, subject: content.subject, body: content.body, replyTo });
      } catch (err) {
        // The message is stored and live; a failed email is logged, not a failed send.
        this.deps.log.error({ err, conversationId: conversation.id }, 'chat email notification failed');
      }
    }
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
