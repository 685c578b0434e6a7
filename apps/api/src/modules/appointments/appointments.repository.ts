import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { NOT_A_CONSULTATION_STATES, type AppointmentState, type Channel } from '@puente/domain';
import type { Db } from '../../db/client';
import type { WithTx } from '../../db/with-tx';
import {
  appointmentEvents,
  appointments,
  consultationNoteAddenda,
  consultationNoteParts,
  consultationNotes,
  consultationNoteTemplates,
  type AppointmentRow,
  type ConsultationNoteAddendumRow,
  type ConsultationNotePartRow,
  type ConsultationNoteTemplateRow,
  type MedicalRecordValue,
  type NewAppointmentRow,
} from '../../db/schema';

export interface TransitionEvent {
  fromState: AppointmentState | null;
  toState: AppointmentState;
  reason: string | null;
  actorId: string | null;
  actorRole: string;
  at: Date;
}

/** The domain's isAssignedPhysician in SQL: the physician is the appointment's coach or US doctor. */
const assignedTo = (physicianId: string): SQL => or(eq(appointments.mxDoctorId, physicianId), eq(appointments.usDoctorId, physicianId))!;

export type { WithTx } from '../../db/with-tx';

/** Queries only; the service owns the rules. */
/** One consultation as a usage report counts it (issue 15): no person, no health data. */
export interface ConsultationFact {
  appointmentId: string;
  month: string;
  practice: string;
  channel: string;
  waitSeconds: number | null;
}

export class AppointmentsRepository {
  constructor(private readonly db: Db) {}

  async insert(values: NewAppointmentRow, event: TransitionEvent): Promise<AppointmentRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(appointments).values(values).returning();
      await tx.insert(appointmentEvents).values({ ...event, appointmentId: row!.id });
      return row!;
    });
  }

  async findById(id: string): Promise<AppointmentRow | undefined> {
    const [row] = await this.db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
    return row;
  }

  /**
   * The race-safe transition: UPDATE ... WHERE id = ? AND state = <expected>. Of two concurrent
   * callers expecting the same state exactly one gets the row back; the other gets undefined.
   * `extra` narrows further (e.g. the scheduler only moves rows whose deadline has passed).
   */
  async transition(id: string, expected: AppointmentState, patch: Partial<NewAppointmentRow>, event: TransitionEvent, extra?: { deadlineBefore?: Date; withTx?: WithTx }): Promise<AppointmentRow | undefined> {
    return this.db.transaction(async (tx) => {
      const conditions = [eq(appointments.id, id), eq(appointments.state, expected)];
      if (extra?.deadlineBefore) conditions.push(lte(appointments.deadlineAt, extra.deadlineBefore));
      const [row] = await tx
        .update(appointments)
        .set(patch)
        .where(and(...conditions))
        .returning();
      if (!row) return undefined;
      await tx.insert(appointmentEvents).values({ ...event, appointmentId: id });
      await extra?.withTx?.(tx);
      return row;
    });
  }

  /**
   * A physician passes on a request still in `expected` (issue 11 decline): added to the blacklist
   * in SQL, so two physicians passing at once are both kept. Undefined if the state moved.
   */
  async addToBlacklist(id: string, expected: AppointmentState, physicianId: string, now: Date): Promise<AppointmentRow | undefined> {
    const [row] = await this.db
      .update(appointments)
      .set({ doctorsBlacklist: sql`array_append(array_remove(${appointments.doctorsBlacklist}, ${physicianId}::uuid), ${physicianId}::uuid)`, updatedAt: now })
      .where(and(eq(appointments.id, id), eq(appointments.state, expected)))
      .returning();
    return row;
  }

  /** Field edits that are not transitions (prejoin step, location, join method...). */
  async update(id: string, patch: Partial<NewAppointmentRow>, withTx?: WithTx): Promise<AppointmentRow | undefined> {
    if (!withTx) {
      const [row] = await this.db.update(appointments).set(patch).where(eq(appointments.id, id)).returning();
      return row;
    }
    return this.db.transaction(async (tx) => {
      const [row] = await tx.update(appointments).set(patch).where(eq(appointments.id, id)).returning();
      if (row) await withTx(tx);
      return row;
    });
  }

  /**
   * Rewrites the medical record from the one it holds now, read under a row lock: two saves at the
   * same moment run one after the other, the second computing from what the first wrote (never
   * both from the same old record, the first's change lost). `next` may throw to refuse; the audit
   * row (`withTx`) commits with the write.
   */
  async updateMedicalRecord(id: string, next: (current: MedicalRecordValue | null) => MedicalRecordValue, now: Date, withTx: WithTx): Promise<AppointmentRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx.select({ medicalRecord: appointments.medicalRecord }).from(appointments).where(eq(appointments.id, id)).for('update');
      if (!locked) return undefined;
      const [row] = await tx.update(appointments).set({ medicalRecord: next(locked.medicalRecord), updatedAt: now }).where(eq(appointments.id, id)).returning();
      await withTx(tx);
      return row;
    });
  }

  /** The deadline of a phase that no longer waits (the member is in the call): only while the row is still in that state. */
  async clearDeadline(id: string, state: AppointmentState): Promise<void> {
    await this.db.update(appointments).set({ deadlineAt: null }).where(and(eq(appointments.id, id), eq(appointments.state, state)));
  }

  async latestForMember(memberId: string, states: readonly AppointmentState[]): Promise<AppointmentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.memberId, memberId), inArray(appointments.state, [...states])))
      .orderBy(desc(appointments.createdAt))
      .limit(1);
    return row;
  }

  async latestForPhysician(physicianId: string, states: readonly AppointmentState[]): Promise<AppointmentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(appointments)
      .where(and(assignedTo(physicianId), inArray(appointments.state, [...states])))
      .orderBy(desc(appointments.updatedAt))
      .limit(1);
    return row;
  }

  /** Whether the physician holds an appointment in one of `states` other than `exceptId`. */
  async physicianHolds(physicianId: string, states: readonly AppointmentState[], exceptId?: string): Promise<boolean> {
    const conditions = [assignedTo(physicianId), inArray(appointments.state, [...states])];
    if (exceptId) conditions.push(notInArray(appointments.id, [exceptId]));
    const [row] = await this.db.select({ id: appointments.id }).from(appointments).where(and(...conditions)).limit(1);
    return !!row;
  }

  /** issue 11: the physician's appointments (as coach or US doctor) in `states`, oldest request first. */
  async forPhysicianInStates(physicianId: string, states: readonly AppointmentState[]): Promise<AppointmentRow[]> {
    return this.db
      .select()
      .from(appointments)
      .where(and(assignedTo(physicianId), inArray(appointments.state, [...states])))
      .orderBy(asc(appointments.createdAt));
  }

  /** issue 11: the physician's other appointments changed since `since`, most recent first, at most `limit`. */
  async recentForPhysician(physicianId: string, exceptStates: readonly AppointmentState[], since: Date, limit: number): Promise<AppointmentRow[]> {
    return this.db
      .select()
      .from(appointments)
      .where(and(assignedTo(physicianId), notInArray(appointments.state, [...exceptStates]), gte(appointments.updatedAt, since)))
      .orderBy(desc(appointments.updatedAt), desc(appointments.id))
      .limit(limit);
  }

  async listInStates(states: readonly AppointmentState[]): Promise<AppointmentRow[]> {
    return this.db.select().from(appointments).where(inArray(appointments.state, [...states])).orderBy(appointments.createdAt);
  }

  async historyForMember(memberId: string): Promise<AppointmentRow[]> {
    return this.db.select().from(appointments).where(eq(appointments.memberId, memberId)).orderBy(desc(appointments.startDate));
  }

  /** One page of the member's history, newest first, after the (startDate, id) cursor (keyset paging). */
  async historyPageForMember(memberId: string, after: { startDate: Date; id: string } | undefined, limit: number): Promise<AppointmentRow[]> {
    const conditions = [eq(appointments.memberId, memberId)];
    if (after) conditions.push(sql`(${appointments.startDate}, ${appointments.id}) < (${after.startDate.toISOString()}::timestamptz, ${after.id}::uuid)`);
    return this.db
      .select()
      .from(appointments)
      .where(and(...conditions))
      .orderBy(desc(appointments.startDate), desc(appointments.id))
      .limit(limit);
  }

  /** The coaches and US doctors who cared for the member (distinct ids, any consultation). */
  async careTeamOf(memberId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ mx: appointments.mxDoctorId, us: appointments.usDoctorId })
      .from(appointments)
      .where(eq(appointments.memberId, memberId));
    return [...new Set(rows.flatMap((r) => [r.mx, r.us]).filter((id): id is string => !!id))];
  }

  async due(now: Date): Promise<AppointmentRow[]> {
    return this.db
      .select()
      .from(appointments)
      .where(and(isNotNull(appointments.deadlineAt), lte(appointments.deadlineAt, now)))
      .limit(100);
  }

  async events(appointmentId: string) {
    return this.db.select().from(appointmentEvents).where(eq(appointmentEvents.appointmentId, appointmentId)).orderBy(appointmentEvents.at);
  }

  // Consultation notes ------------------------------------------------------------------------

  /** The channel switch: compare-and-set on the channel the caller saw, so two switches cannot interleave. */
  async switchChannel(id: string, from: Channel, to: Channel, now: Date): Promise<AppointmentRow | undefined> {
    const [row] = await this.db
      .update(appointments)
      .set({ channel: to, previousChannel: from, updatedAt: now })
      .where(and(eq(appointments.id, id), eq(appointments.channel, from)))
      .returning();
    return row;
  }

  /** spec 3 conversationid: the appointment keeps its chat conversation's id. */
  async linkConversation(id: string, conversationId: string): Promise<void> {
    await this.db
      .update(appointments)
      .set({ conversationId })
      .where(and(eq(appointments.id, id), sql`${appointments.conversationId} is distinct from ${conversationId}`));
  }

  /** spec 3 chatHasMessages: the history detail shows its chat button from this flag. */
  async markChatHasMessages(id: string): Promise<void> {
    await this.db
      .update(appointments)
      .set({ chatHasMessages: true })
      .where(and(eq(appointments.id, id), eq(appointments.chatHasMessages, false)));
  }

  /** Whether the physician is or was the coach or US doctor of one of the member's appointments. */
  async hasCareRelationship(physicianId: string, memberId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.memberId, memberId), assignedTo(physicianId)))
      .limit(1);
    return row !== undefined;
  }

  async insertMissingNoteTemplates(rows: ConsultationNoteTemplateRow[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(consultationNoteTemplates).values(rows).onConflictDoNothing();
  }

  async noteTemplates(): Promise<ConsultationNoteTemplateRow[]> {
    return this.db.select().from(consultationNoteTemplates).orderBy(consultationNoteTemplates.id);
  }

  async noteValues(appointmentId: string, templateId: string): Promise<Record<string, string | number | boolean | null> | undefined> {
    const [row] = await this.db
      .select({ values: consultationNotes.values })
      .from(consultationNotes)
      .where(and(eq(consultationNotes.appointmentId, appointmentId), eq(consultationNotes.templateId, templateId)))
      .limit(1);
    return row?.values;
  }

  /**
   * Writes the note and the author's part of the shared record (issue 11) in one transaction. The
   * part is written only while unsigned: false (and nothing written) when the author's part is signed.
   */
  async saveNote(
    appointmentId: string,
    templateId: string,
    values: Record<string, string | number | boolean | null>,
    author: { id: string; role: 'mx-physician' | 'us-physician'; language: 'es' | 'en' },
    now: Date,
    withTx?: WithTx,
  ): Promise<boolean> {
    const locked = Symbol('locked');
    try {
      await this.db.transaction(async (tx) => {
        const part = await tx
          .insert(consultationNoteParts)
          .values({ appointmentId, authorId: author.id, authorRole: author.role, templateId, values, language: author.language, updatedAt: now })
          .onConflictDoUpdate({ target: [consultationNoteParts.appointmentId, consultationNoteParts.authorId], set: { templateId, values, language: author.language, updatedAt: now }, where: isNull(consultationNoteParts.signedAt) })
          .returning({ authorId: consultationNoteParts.authorId });
        if (part.length === 0) throw locked;
        await tx
          .insert(consultationNotes)
          .values({ appointmentId, templateId, values, authorId: author.id, updatedAt: now })
          .onConflictDoUpdate({ target: [consultationNotes.appointmentId, consultationNotes.templateId], set: { values, authorId: author.id, updatedAt: now } });
        await withTx?.(tx);
      });
      return true;
    } catch (err) {
      if (err === locked) return false;
      throw err;
    }
  }

  /** The parts of the shared record, oldest first (their authors' names are the members service's). */
  async noteParts(appointmentId: string): Promise<ConsultationNotePartRow[]> {
    return this.db.select().from(consultationNoteParts).where(eq(consultationNoteParts.appointmentId, appointmentId)).orderBy(asc(consultationNoteParts.updatedAt));
  }

  async noteAddenda(appointmentId: string): Promise<ConsultationNoteAddendumRow[]> {
    return this.db
      .select()
      .from(consultationNoteAddenda)
      .where(eq(consultationNoteAddenda.appointmentId, appointmentId))
      .orderBy(asc(consultationNoteAddenda.createdAt), asc(consultationNoteAddenda.id));
  }

  /** Signs the author's part if it is not signed yet: the signed row, or undefined. */
  async signNotePart(appointmentId: string, authorId: string, now: Date, withTx?: WithTx): Promise<ConsultationNotePartRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(consultationNoteParts)
        .set({ signedAt: now })
        .where(and(eq(consultationNoteParts.appointmentId, appointmentId), eq(consultationNoteParts.authorId, authorId), isNull(consultationNoteParts.signedAt)))
        .returning();
      if (row) await withTx?.(tx);
      return row;
    });
  }

  async notePart(appointmentId: string, authorId: string): Promise<ConsultationNotePartRow | undefined> {
    const [row] = await this.db
      .select()
      .from(consultationNoteParts)
      .where(and(eq(consultationNoteParts.appointmentId, appointmentId), eq(consultationNoteParts.authorId, authorId)))
      .limit(1);
    return row;
  }

  /** Appends an addendum (never updated or deleted) with its audit row in the same transaction. */
  async addNoteAddendum(values: typeof consultationNoteAddenda.$inferInsert, withTx?: WithTx): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(consultationNoteAddenda).values(values);
      await withTx?.(tx);
    });
  }

  /**
   * The note this author wrote on the appointment (issue 11: the coach's, for the handoff): her own
   * part of the shared record, whoever saved the shared note last.
   */
  async noteBy(appointmentId: string, authorId: string): Promise<Record<string, string | number | boolean | null> | undefined> {
    const [row] = await this.db
      .select({ values: consultationNoteParts.values })
      .from(consultationNoteParts)
      .where(and(eq(consultationNoteParts.appointmentId, appointmentId), eq(consultationNoteParts.authorId, authorId)))
      .limit(1);
    return row?.values;
  }

  /**
   * Consultations created in [from, to), of these members only when given: month, practice,
   * channel and seconds from the request to the first accept (state 2 or, scheduled, the coach
   * joining). A request nobody took up (emptied, expired) is not a consultation.
   */
  async consultationFacts(q: { from: Date; to: Date; memberIds?: readonly string[] }): Promise<ConsultationFact[]> {
    const firstAccept = this.db
      .select({ appointmentId: appointmentEvents.appointmentId, at: sql<Date>`min(${appointmentEvents.at})`.as('accepted_at') })
      .from(appointmentEvents)
      .where(eq(appointmentEvents.toState, '2-coach-is-reviewing'))
      .groupBy(appointmentEvents.appointmentId)
      .as('first_accept');
    const rows = await this.db
      .select({
        appointmentId: appointments.id,
        month: sql<string>`to_char(${appointments.createdAt} at time zone 'UTC', 'YYYY-MM')`,
        practice: appointments.practice,
        channel: appointments.channel,
        waitSeconds: sql<string | null>`extract(epoch from (${firstAccept.at} - ${appointments.createdAt}))`,
      })
      .from(appointments)
      .leftJoin(firstAccept, eq(firstAccept.appointmentId, appointments.id))
      .where(
        and(
          sql`${appointments.createdAt} >= ${q.from.toISOString()}`,
          sql`${appointments.createdAt} < ${q.to.toISOString()}`,
          notInArray(appointments.state, [...NOT_A_CONSULTATION_STATES]),
          q.memberIds ? inArray(appointments.memberId, [...q.memberIds]) : undefined,
        ),
      );
    return rows.map((r) => ({ ...r, waitSeconds: r.waitSeconds === null ? null : Number(r.waitSeconds) }));
  }
}
