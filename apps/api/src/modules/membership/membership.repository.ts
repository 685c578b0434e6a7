import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { entitlementEvents, type EntitlementEventRow, type NewEntitlementEventRow } from '../../db/schema';

/** The entitlement ledger's queries: append and read, nothing else (the table refuses the rest). */
export class MembershipRepository {
  constructor(private readonly db: Db) {}

  /** Appends an event; a second write with the same dedupe key is a no-op (returns undefined). */
  async append(row: NewEntitlementEventRow): Promise<EntitlementEventRow | undefined> {
    const [stored] = await this.db.insert(entitlementEvents).values(row).onConflictDoNothing({ target: entitlementEvents.dedupeKey }).returning();
    return stored;
  }

  eventsOf(memberId: string): Promise<EntitlementEventRow[]> {
    return this.db.select().from(entitlementEvents).where(eq(entitlementEvents.memberId, memberId)).orderBy(asc(entitlementEvents.occurredAt), asc(entitlementEvents.createdAt));
  }

  /** Who holds an entitlement (a store subscription is bound to the first member who validated it). */
  async ownerOf(source: EntitlementEventRow['source'], entitlementKey: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ memberId: entitlementEvents.memberId })
      .from(entitlementEvents)
      .where(and(eq(entitlementEvents.source, source), eq(entitlementEvents.entitlementKey, entitlementKey)))
      .orderBy(asc(entitlementEvents.createdAt))
      .limit(1);
    return row?.memberId;
  }
}
