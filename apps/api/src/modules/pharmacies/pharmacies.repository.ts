import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pharmacyChoices } from '../../db/schema';

export class PharmaciesRepository {
  constructor(private readonly db: Db) {}

  async recordChoice(row: typeof pharmacyChoices.$inferInsert): Promise<void> {
    await this.db.insert(pharmacyChoices).values(row);
  }

  /** A member's choices, newest first. */
  choicesOf(memberId: string): Promise<(typeof pharmacyChoices.$inferSelect)[]> {
    return this.db.select().from(pharmacyChoices).where(eq(pharmacyChoices.memberId, memberId)).orderBy(desc(pharmacyChoices.chosenAt));
  }
}
