import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { phoneResets, type PhoneResetRow } from '../../db/schema';

export class RecoveryRepository {
  constructor(private readonly db: Db) {}

  async insertReset(values: typeof phoneResets.$inferInsert): Promise<void> {
    await this.db.insert(phoneResets).values(values);
  }

  async findOpenResetByTokenHash(tokenHash: string, now: Date): Promise<PhoneResetRow | undefined> {
    const [row] = await this.db
      .select()
      .from(phoneResets)
      .where(and(eq(phoneResets.tokenHash, tokenHash), isNull(phoneResets.consumedAt), gt(phoneResets.expiresAt, now)))
      .limit(1);
    return row;
  }

  async findOpenResetByChallenge(challengeTokenHash: string, now: Date): Promise<PhoneResetRow | undefined> {
    const [row] = await this.db
      .select()
      .from(phoneResets)
      .where(and(eq(phoneResets.challengeTokenHash, challengeTokenHash), isNull(phoneResets.consumedAt), gt(phoneResets.expiresAt, now)))
      .limit(1);
    return row;
  }

  async bindChallenge(id: string, challengeTokenHash: string, newPhoneNumber: string): Promise<void> {
    await this.db.update(phoneResets).set({ challengeTokenHash, newPhoneNumber }).where(eq(phoneResets.id, id));
  }

  /** An erased account's resets go (open or used). */
  async deleteResetsOfUser(userId: string): Promise<void> {
    await this.db.delete(phoneResets).where(eq(phoneResets.userId, userId));
  }

  /** Ends every open reset of the user: one recovery code, one phone change. */
  async consumeResetsOfUser(userId: string, now: Date): Promise<void> {
    await this.db.update(phoneResets).set({ consumedAt: now }).where(and(eq(phoneResets.userId, userId), isNull(phoneResets.consumedAt)));
  }
}
