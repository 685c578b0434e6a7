import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { linkedIdentities, mergeTokens, oidcAuthRequests, type LinkedIdentityRow, type MergeTokenRow, type OidcAuthRequestRow } from '../../db/schema';

export class IdentityRepository {
  constructor(private readonly db: Db) {}

  async insertAuthRequest(values: typeof oidcAuthRequests.$inferInsert): Promise<void> {
    await this.db.insert(oidcAuthRequests).values(values);
  }

  /** Uses the authorization request once; undefined when unknown, used or expired. */
  async consumeAuthRequest(stateHash: string, now: Date): Promise<OidcAuthRequestRow | undefined> {
    const [row] = await this.db
      .update(oidcAuthRequests)
      .set({ consumedAt: now })
      .where(and(eq(oidcAuthRequests.stateHash, stateHash), isNull(oidcAuthRequests.consumedAt), gt(oidcAuthRequests.expiresAt, now)))
      .returning();
    return row;
  }

  async findIdentity(provider: string, subject: string): Promise<LinkedIdentityRow | undefined> {
    const [row] = await this.db
      .select()
      .from(linkedIdentities)
      .where(and(eq(linkedIdentities.provider, provider), eq(linkedIdentities.subject, subject)))
      .limit(1);
    return row;
  }

  async linkIdentity(values: typeof linkedIdentities.$inferInsert): Promise<void> {
    await this.db
      .insert(linkedIdentities)
      .values(values)
      .onConflictDoUpdate({ target: [linkedIdentities.provider, linkedIdentities.subject], set: { userId: values.userId, email: values.email, lastLoginAt: values.lastLoginAt } });
  }

  async touchIdentity(id: string, now: Date): Promise<void> {
    await this.db.update(linkedIdentities).set({ lastLoginAt: now }).where(eq(linkedIdentities.id, id));
  }

  async insertMergeToken(values: typeof mergeTokens.$inferInsert): Promise<void> {
    await this.db.insert(mergeTokens).values(values);
  }

  async consumeMergeToken(tokenHash: string, now: Date): Promise<MergeTokenRow | undefined> {
    const [row] = await this.db
      .update(mergeTokens)
      .set({ consumedAt: now })
      .where(and(eq(mergeTokens.tokenHash, tokenHash), isNull(mergeTokens.consumedAt), gt(mergeTokens.expiresAt, now)))
      .returning();
    return row;
  }
}
