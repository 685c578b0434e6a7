import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, type AuditLogRow } from '../../db/schema';

export class AuditRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof auditLog.$inferInsert): Promise<void> {
    await this.db.insert(auditLog).values(values);
  }

  /** Rows about one member, oldest first (the admin screen of a later issue reads these). */
  async forSubject(subjectId: string): Promise<AuditLogRow[]> {
    return this.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId)).orderBy(asc(auditLog.at));
  }

  async forActorAndSubject(actorId: string, subjectId: string): Promise<AuditLogRow[]> {
    return this.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, actorId), eq(auditLog.subjectId, subjectId)))
      .orderBy(asc(auditLog.at));
  }

  /** One page of the rows about one member, newest first, and how many there are. */
  async pageForSubject(subjectId: string, offset: number, limit: number): Promise<{ rows: AuditLogRow[]; total: number }> {
    const where = eq(auditLog.subjectId, subjectId);
    const [rows, [totalRow]] = await Promise.all([
      this.db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).offset(offset).limit(limit),
      this.db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return { rows, total: totalRow?.n ?? 0 };
  }
}
