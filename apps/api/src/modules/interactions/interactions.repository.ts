import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interactions, type InteractionRow } from '../../db/schema';

export class InteractionsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: typeof interactions.$inferInsert): Promise<InteractionRow> {
    const [stored] = await this.db.insert(interactions).values(row).returning();
    return stored!;
  }

  /** A device's rows, newest first (tests and support). */
  async forDevice(deviceId: string, kind?: InteractionRow['kind']): Promise<InteractionRow[]> {
    return this.db
      .select()
      .from(interactions)
      .where(kind ? and(eq(interactions.deviceId, deviceId), eq(interactions.kind, kind)) : eq(interactions.deviceId, deviceId))
      .orderBy(desc(interactions.createdAt));
  }
}
