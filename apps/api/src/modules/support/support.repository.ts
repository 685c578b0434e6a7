import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FeedbackKind, FeedbackStatus } from '@puente/domain';
import type { Db } from '../../db/client';
import { surveys, type SurveyRow } from '../../db/schema';

/** Queries only; the service owns the rules. */
export class SupportRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof surveys.$inferInsert): Promise<SurveyRow> {
    const [row] = await this.db.insert(surveys).values(values).returning();
    return row!;
  }

  async forAppointment(appointmentId: string): Promise<SurveyRow | undefined> {
    const [row] = await this.db.select().from(surveys).where(eq(surveys.appointmentId, appointmentId)).limit(1);
    return row;
  }

  async findById(id: string): Promise<SurveyRow | undefined> {
    const [row] = await this.db.select().from(surveys).where(eq(surveys.id, id)).limit(1);
    return row;
  }

  /** The inbox: the newest first (a few hundred at most stay open; closed ones are still listed). */
  async listKinds(kinds: readonly FeedbackKind[], limit: number): Promise<SurveyRow[]> {
    return this.db.select().from(surveys).where(inArray(surveys.kind, [...kinds])).orderBy(desc(surveys.createdAt)).limit(limit);
  }

  /** `audit(row)` runs in the update's transaction when a row was changed. */
  async setStatus(id: string, kinds: readonly FeedbackKind[], status: FeedbackStatus, now: Date, audit: (row: SurveyRow, tx: Db) => Promise<unknown>): Promise<SurveyRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(surveys)
        .set({ status, updatedAt: now })
        .where(and(eq(surveys.id, id), inArray(surveys.kind, [...kinds])))
        .returning();
      if (row) await audit(row, tx);
      return row;
    });
  }

  /** The satisfaction surveys (CSAT, MHCSAT) of these consultations: the main rating as written, or null. */
  async mainRatingsOf(appointmentIds: readonly string[]): Promise<{ appointmentId: string | null; rating: string | null }[]> {
    if (appointmentIds.length === 0) return [];
    return this.db
      .select({ appointmentId: surveys.appointmentId, rating: sql<string | null>`coalesce(${surveys.items}->>'satisfactionLevel', ${surveys.items}->>'abilityConfidence')` })
      .from(surveys)
      .where(and(inArray(surveys.appointmentId, [...appointmentIds]), inArray(surveys.kind, ['CSAT', 'MHCSAT'])));
  }
}
