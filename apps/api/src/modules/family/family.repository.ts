import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dependantInvitations, dependants, type DependantInvitationRow, type DependantRow } from '../../db/schema';

/** Queries only; the service owns the rules (family plans, issue 15). */
export class FamilyRepository {
  constructor(private readonly db: Db) {}

  listOf(referrerId: string): Promise<DependantRow[]> {
    return this.db.select().from(dependants).where(eq(dependants.referrerId, referrerId)).orderBy(asc(dependants.slot));
  }

  async byMemberId(referrerId: string, memberId: string): Promise<DependantRow | undefined> {
    const [row] = await this.db.select().from(dependants).where(and(eq(dependants.referrerId, referrerId), eq(dependants.memberId, memberId))).limit(1);
    return row;
  }

  async byId(id: string): Promise<DependantRow | undefined> {
    const [row] = await this.db.select().from(dependants).where(eq(dependants.id, id)).limit(1);
    return row;
  }

  /** The family this member belongs to as a dependant (one at most). */
  async asDependant(userId: string): Promise<DependantRow | undefined> {
    const [row] = await this.db.select().from(dependants).where(eq(dependants.userId, userId)).limit(1);
    return row;
  }

  /** Takes the given slot; undefined when another add holds it (the unique (referrer, slot) index). */
  async insertInSlot(values: typeof dependants.$inferInsert): Promise<DependantRow | undefined> {
    const [row] = await this.db.insert(dependants).values(values).onConflictDoNothing({ target: [dependants.referrerId, dependants.slot] }).returning();
    return row;
  }

  async accept(id: string, userId: string, now: Date): Promise<DependantRow | undefined> {
    const [row] = await this.db
      .update(dependants)
      .set({ memberId: userId, userId, invitationStatus: 'ACCEPTED', acceptedAt: now })
      .where(and(eq(dependants.id, id), eq(dependants.invitationStatus, 'PENDING')))
      .returning();
    return row;
  }

  async remove(id: string): Promise<DependantRow | undefined> {
    const [row] = await this.db.delete(dependants).where(eq(dependants.id, id)).returning();
    return row;
  }

  async insertInvitation(values: typeof dependantInvitations.$inferInsert): Promise<void> {
    await this.db.insert(dependantInvitations).values(values);
  }

  async revokeInvitations(dependantId: string, now: Date): Promise<void> {
    await this.db.update(dependantInvitations).set({ revokedAt: now }).where(and(eq(dependantInvitations.dependantId, dependantId), isNull(dependantInvitations.revokedAt)));
  }

  async invitation(tokenHash: string): Promise<DependantInvitationRow | undefined> {
    const [row] = await this.db.select().from(dependantInvitations).where(eq(dependantInvitations.tokenHash, tokenHash)).limit(1);
    return row;
  }

  /** The referrer whose family plan this member accepted (one at most). */
  async acceptedReferrerId(userId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ referrerId: dependants.referrerId })
      .from(dependants)
      .where(and(eq(dependants.userId, userId), eq(dependants.invitationStatus, 'ACCEPTED')))
      .limit(1);
    return row?.referrerId;
  }

  /** Rows where the member is the referrer or the dependant (account deletion). */
  involving(userId: string): Promise<DependantRow[]> {
    return this.db.select().from(dependants).where(or(eq(dependants.referrerId, userId), eq(dependants.userId, userId)));
  }
}
