import type { Db } from '../../db/client';
import type { AuditLogRow, UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AuditRepository } from './audit.repository';

/** What was done with the data. */
export type AuditAction = 'read' | 'create' | 'update' | 'delete' | 'erase' | 'read-denied';

/** Who did it: a signed-in user, or the system itself (the erasure job). */
export type AuditActor = Pick<UserRow, 'id' | 'userType'> | 'system';

export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  /** The kind of data: 'member', 'recovery-code', 'deletion-request', 'appointment', 'medical-record', ... */
  resource: string;
  /** The member whose personal or health data it is (none for an admin's read of aggregates). */
  subjectId?: string;
  /** The record read or changed, when it is not the member row itself (e.g. an appointment id). */
  recordId?: string;
  /** Field names touched; never the values (the log must not become a copy of the data). */
  fields?: readonly string[];
}

/**
 * The audit log (issue 3): every read or change of a member's personal or health data by anyone
 * other than that member leaves one append-only row. Services call `record()` after the policy
 * allowed the access (and with 'read-denied' when it refused one); a member's own access is not
 * recorded. `db` may be a transaction, so the row commits or rolls back with the change.
 */
export class AuditService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /** Records one access. Returns false (and writes nothing) when the actor is the member. */
  async record(entry: AuditEntry, db: Db = this.deps.db): Promise<boolean> {
    if (entry.actor !== 'system' && entry.actor.id === entry.subjectId) return false;
    await this.insert(entry, db);
    return true;
  }

  /**
   * Records a member's change to her own record that must leave a trace even though she made it
   * (issue 12: correcting her address, which prescriptions and deliveries rely on).
   */
  async recordOwnChange(entry: AuditEntry & { action: 'update' }, db: Db = this.deps.db): Promise<void> {
    await this.insert(entry, db);
  }

  private async insert(entry: AuditEntry, db: Db): Promise<void> {
    await new AuditRepository(db).insert({
      at: this.deps.clock.now(),
      actorId: entry.actor === 'system' ? null : entry.actor.id,
      actorRole: entry.actor === 'system' ? 'system' : entry.actor.userType,
      action: entry.action,
      resource: entry.resource,
      subjectId: entry.subjectId ?? null,
      recordId: entry.recordId ?? null,
      detail: entry.fields ? { fields: [...entry.fields] } : null,
    });
  }

  /** Every row about one member, oldest first. */
  forSubject(subjectId: string): Promise<AuditLogRow[]> {
    return new AuditRepository(this.deps.db).forSubject(subjectId);
  }

  /** One page of the rows about one member, newest first, with their total (the admin console's audit screen). */
  pageForSubject(subjectId: string, offset: number, limit: number): Promise<{ rows: AuditLogRow[]; total: number }> {
    return new AuditRepository(this.deps.db).pageForSubject(subjectId, offset, limit);
  }
}
