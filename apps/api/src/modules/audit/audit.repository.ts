import { and, asc, eq } from 'drizzle-orm';
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
}
