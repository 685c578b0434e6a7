import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizationTopicTemplates, topicTemplates, type TopicTemplateRow } from '../../db/schema';

export class TopicsRepository {
  constructor(private readonly db: Db) {}

  async insertMissing(rows: (typeof topicTemplates.$inferInsert)[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(topicTemplates).values(rows).onConflictDoNothing();
  }

  async findTemplate(id: string): Promise<TopicTemplateRow | undefined> {
    const [row] = await this.db.select().from(topicTemplates).where(eq(topicTemplates.id, id)).limit(1);
    return row;
  }

  async templateIdForOrganization(organizationId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: organizationTopicTemplates.topicsTemplateId })
      .from(organizationTopicTemplates)
      .where(eq(organizationTopicTemplates.organizationId, organizationId))
      .limit(1);
    return row?.id;
  }

  /** The organization's topics template; null: the default one. */
  async setOrganizationTemplate(organizationId: string, topicsTemplateId: string | null): Promise<void> {
    if (topicsTemplateId === null) {
      await this.db.delete(organizationTopicTemplates).where(eq(organizationTopicTemplates.organizationId, organizationId));
      return;
    }
    await this.db
      .insert(organizationTopicTemplates)
      .values({ organizationId, topicsTemplateId })
      .onConflictDoUpdate({ target: organizationTopicTemplates.organizationId, set: { topicsTemplateId } });
  }

  /** The templates an organization may use, the default first, then by name. */
  templateList(): Promise<{ id: string; name: string; isDefault: boolean }[]> {
    return this.db.select({ id: topicTemplates.id, name: topicTemplates.name, isDefault: topicTemplates.isDefault }).from(topicTemplates).orderBy(desc(topicTemplates.isDefault), topicTemplates.name);
  }

  /** The template chosen by each of these organizations (absent: the default one). */
  async templateIdsForOrganizations(organizationIds: readonly string[]): Promise<{ organizationId: string; topicsTemplateId: string }[]> {
    if (organizationIds.length === 0) return [];
    return this.db
      .select({ organizationId: organizationTopicTemplates.organizationId, topicsTemplateId: organizationTopicTemplates.topicsTemplateId })
      .from(organizationTopicTemplates)
      .where(inArray(organizationTopicTemplates.organizationId, [...organizationIds]));
  }
}
