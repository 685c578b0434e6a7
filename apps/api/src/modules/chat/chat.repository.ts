import { and, asc, count, desc, eq, gt, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  chatConversations,
  chatMessages,
  chatParticipants,
  type ChatConversationRow,
  type ChatMessageRow,
  type ChatParticipantRow,
  type NewChatMessageRow,
} from '../../db/schema';
import type { WithTx } from '../../db/with-tx';

export type NewMessage = Omit<NewChatMessageRow, 'id' | 'index' | 'conversationId'>;

export type { WithTx } from '../../db/with-tx';

/**
 * Queries only, on the chat's own tables; the service owns the rules. Where a chat write must
 * commit with an appointment's (conversationid, chatHasMessages), the caller passes `withTx`,
 * which writes through the appointments service in the same transaction.
 */
export class ChatRepository {
  constructor(private readonly db: Db) {}

  async findConversation(id: string): Promise<ChatConversationRow | undefined> {
    const [row] = await this.db.select().from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
    return row;
  }

  async findConversationByAppointment(appointmentId: string): Promise<ChatConversationRow | undefined> {
    const [row] = await this.db.select().from(chatConversations).where(eq(chatConversations.appointmentId, appointmentId)).limit(1);
    return row;
  }

  async findConversationByReplyToken(token: string): Promise<ChatConversationRow | undefined> {
    const [row] = await this.db.select().from(chatConversations).where(eq(chatConversations.replyToken, token)).limit(1);
    return row;
  }

  /**
   * One conversation per appointment, under the appointment's own id (so every chat path names
   * the appointment, which is what a guest-link session is scoped to): concurrent first uses race
   * on the primary key and all get the same row. `withTx` gets the row's id recorded on the appointment
   * (spec 3 conversationid).
   */
  async ensureConversation(appointmentId: string, replyToken: string, now: Date, withTx: (tx: Db, conversationId: string) => Promise<void>): Promise<ChatConversationRow> {
    return this.db.transaction(async (tx) => {
      await tx.insert(chatConversations).values({ id: appointmentId, appointmentId, replyToken, createdAt: now }).onConflictDoNothing();
      const [row] = await tx.select().from(chatConversations).where(eq(chatConversations.appointmentId, appointmentId)).limit(1);
      await withTx(tx, row!.id);
      return row!;
    });
  }

  async participants(conversationId: string): Promise<ChatParticipantRow[]> {
    return this.db.select().from(chatParticipants).where(eq(chatParticipants.conversationId, conversationId)).orderBy(asc(chatParticipants.createdAt));
  }

  async upsertParticipant(values: typeof chatParticipants.$inferInsert): Promise<void> {
    await this.db
      .insert(chatParticipants)
      .values(values)
      .onConflictDoUpdate({ target: [chatParticipants.conversationId, chatParticipants.userId], set: { attributes: values.attributes } });
  }

  async findMessage(conversationId: string, id: string): Promise<ChatMessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.id, id)))
      .limit(1);
    return row;
  }

  /**
   * Stores a message once per (conversation, clientMessageId). The conversation row is locked
   * first, so writers of one conversation take turns: the repeat check sees every earlier
   * message, and indexes are handed out in commit order. `created` is false for a repeat.
   */
  async appendMessage(conversationId: string, values: NewMessage, withTx: WithTx): Promise<{ row: ChatMessageRow; created: boolean }> {
    return this.db.transaction(async (tx) => {
      const [conversation] = await tx.select().from(chatConversations).where(eq(chatConversations.id, conversationId)).for('no key update').limit(1);
      if (!conversation) throw new Error(`conversation ${conversationId} vanished`);
      if (values.clientMessageId) {
        const [existing] = await tx
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.clientMessageId, values.clientMessageId)))
          .limit(1);
        if (existing) return { row: existing, created: false };
      }
      const index = conversation.lastIndex + 1;
      await tx.update(chatConversations).set({ lastIndex: index }).where(eq(chatConversations.id, conversationId));
      const [row] = await tx
        .insert(chatMessages)
        .values({ ...values, conversationId, index })
        .returning();
      // spec 3 chatHasMessages: the history detail shows its chat button from this flag.
      await withTx(tx);
      return { row: row!, created: true };
    });
  }

  /**
   * The handoff's chat summary (issue 11): how many messages and attachments, and the last `last`
   * messages with their author, oldest first. Nothing when the consultation has no chat.
   */
  async summary(appointmentId: string, last: number): Promise<{ messageCount: number; attachmentCount: number; last: { authorId: string; body: string | null; media: boolean; at: Date }[] }> {
    const conversation = await this.findConversationByAppointment(appointmentId);
    if (!conversation) return { messageCount: 0, attachmentCount: 0, last: [] };
    const base = eq(chatMessages.conversationId, conversation.id);
    const [[all], [media], rows] = await Promise.all([
      this.db.select({ n: count() }).from(chatMessages).where(base),
      this.db.select({ n: count() }).from(chatMessages).where(and(base, isNotNull(chatMessages.mediaKey))),
      this.db
        .select({ authorId: chatMessages.authorId, body: chatMessages.body, mediaKey: chatMessages.mediaKey, at: chatMessages.createdAt })
        .from(chatMessages)
        .where(base)
        .orderBy(desc(chatMessages.index))
        .limit(last),
    ]);
    return {
      messageCount: Number(all?.n ?? 0),
      attachmentCount: Number(media?.n ?? 0),
      last: rows.reverse().map((r) => ({ authorId: r.authorId, body: r.body, media: r.mediaKey !== null, at: r.at })),
    };
  }

  /** Messages in index order: after an index, before an index, or the newest page. One extra row tells if there is more. */
  async messages(conversationId: string, query: { after?: number; before?: number; limit: number }): Promise<{ rows: ChatMessageRow[]; hasMore: boolean }> {
    const base = eq(chatMessages.conversationId, conversationId);
    if (query.after !== undefined) {
      const rows = await this.db
        .select()
        .from(chatMessages)
        .where(and(base, gt(chatMessages.index, query.after)))
        .orderBy(asc(chatMessages.index))
        .limit(query.limit + 1);
      return { rows: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
    }
    const where = query.before !== undefined ? and(base, lt(chatMessages.index, query.before)) : base;
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(where)
      .orderBy(desc(chatMessages.index))
      .limit(query.limit + 1);
    return { rows: rows.slice(0, query.limit).reverse(), hasMore: rows.length > query.limit };
  }
}
