import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { phoneResets, users, type PhoneResetRow, type UserRow } from '../../db/schema';

export class RecoveryRepository {
  constructor(private readonly db: Db) {}

  async findActiveUserByPhone(phoneNumber: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(and(eq(users.phoneNumber, phoneNumber), isNull(users.deletedAt))).limit(1);
    return row;
  }

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

  /** Ends every open reset of the user: one recovery code, one phone change. */
  async consumeResetsOfUser(userId: string, now: Date): Promise<void> {
    await this.db.update(phoneResets).set({ consumedAt: now }).where(and(eq(phoneResets.userId, userId), isNull(phoneResets.consumedAt)));
  }

  async updateUser(id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
    const [row] = await this.db.update(users).set(values).where(eq(users.id, id)).returning();
    return row;
  }
}
