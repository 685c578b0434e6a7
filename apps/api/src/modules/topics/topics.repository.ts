import { eq } from 'drizzle-orm';
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

  async setOrganizationTemplate(organizationId: string, topicsTemplateId: string): Promise<void> {
    await this.db
      .insert(organizationTopicTemplates)
      .values({ organizationId, topicsTemplateId })
      .onConflictDoUpdate({ target: organizationTopicTemplates.organizationId, set: { topicsTemplateId } });
  }
}
