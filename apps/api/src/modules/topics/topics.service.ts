import { topicTitlesOf, type TopicTemplateDto } from '@puente/contracts';
import type { Language } from '@puente/domain';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { InvalidationBus } from '../../lib/invalidation-bus';
import { DEFAULT_TOPICS_TEMPLATE_ID, hardcodedTopics, REFERENCE_TEMPLATES, type TemplateContent } from './topics.content';
import { TopicsRepository } from './topics.repository';

// Not in the spec (clients keep topics 24 h): the server re-reads a template at most every 5 minutes.
const CACHE_MS = 5 * 60_000;

export class TopicsService {
  private readonly cache = new Map<string, { at: number; value: TopicTemplateDto }>();
  private readonly orgTemplate = new Map<string, { at: number; id: string }>();

  /** With a bus, an organization's template changed on any node is re-read on every node. */
  constructor(private readonly deps: { repository: TopicsRepository; clock: Clock; bus?: InvalidationBus }) {
    deps.bus?.subscribe('topics', (organizationId) => {
      if (organizationId === undefined) this.orgTemplate.clear();
      else this.orgTemplate.delete(organizationId);
    });
    deps.bus?.onResync(() => this.orgTemplate.clear());
  }

  /** Writes the reference templates if they are missing (never overwrites an edited one). */
  async ensureDefaults(now: Date): Promise<void> {
    await this.deps.repository.insertMissing(REFERENCE_TEMPLATES.map((t) => ({ id: t.id, name: t.name, isDefault: t.isDefault, content: t.content, updatedAt: now })));
  }

  /**
   * getConsultationTopicsTemplate: the member's organization template (topicsTemplateId) or the
   * default, in `lang`. The two hardcoded topics are always among the main actions (spec 3).
   */
  async templateFor(actor: UserRow, lang: Language): Promise<TopicTemplateDto> {
    const templateId = (actor.organizationId ? await this.organizationTemplateId(actor.organizationId) : undefined) ?? DEFAULT_TOPICS_TEMPLATE_ID;
    return (await this.load(templateId, lang)) ?? (await this.load(DEFAULT_TOPICS_TEMPLATE_ID, lang))!;
  }

  /**
   * Every topic's and subtopic's title in `lang`, by id, from the member's template: a consultation
   * keeps its topic's title in the language it was asked in, and her record reads it in hers.
   */
  async titles(actor: UserRow, lang: Language): Promise<ReadonlyMap<string, string>> {
    return topicTitlesOf(await this.templateFor(actor, lang));
  }

  async setOrganizationTemplate(organizationId: string, templateId: string): Promise<void> {
    await this.deps.repository.setOrganizationTemplate(organizationId, templateId);
    this.forgetOrganization(organizationId);
  }

  /**
   * The organizations module's admin console writes an organization's template (null: the
   * default one) in its own transaction; it calls forgetOrganization once that commits.
   */
  async writeOrganizationTemplate(organizationId: string, templateId: string | null, tx: Db): Promise<void> {
    await new TopicsRepository(tx).setOrganizationTemplate(organizationId, templateId);
  }

  /** The templates an organization may use (the admin console's choice), the default first. */
  templateList(tx?: Db): Promise<{ id: string; name: string; isDefault: boolean }[]> {
    return (tx ? new TopicsRepository(tx) : this.deps.repository).templateList();
  }

  /** The template each of these organizations chose, by organization id (absent: the default one). */
  async organizationTemplateIds(organizationIds: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.deps.repository.templateIdsForOrganizations([...new Set(organizationIds)]);
    return new Map(rows.map((r) => [r.organizationId, r.topicsTemplateId]));
  }

  /** An admin changed the organization's template: the next read goes to the database, on every node. */
  forgetOrganization(organizationId: string): void {
    if (this.deps.bus) this.deps.bus.publish('topics', organizationId);
    else this.orgTemplate.delete(organizationId);
  }

  private async organizationTemplateId(organizationId: string): Promise<string | undefined> {
    const now = this.deps.clock.now().getTime();
    const hit = this.orgTemplate.get(organizationId);
    if (hit && now - hit.at < CACHE_MS) return hit.id;
    const id = (await this.deps.repository.templateIdForOrganization(organizationId)) ?? DEFAULT_TOPICS_TEMPLATE_ID;
    this.orgTemplate.set(organizationId, { at: now, id });
    return id;
  }

  private async load(templateId: string, lang: Language): Promise<TopicTemplateDto | undefined> {
    const key = `${templateId}|${lang}`;
    const now = this.deps.clock.now().getTime();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < CACHE_MS) return hit.value;
    const row = await this.deps.repository.findTemplate(templateId);
    if (!row) return undefined;
    const content = (row.content[lang] ?? row.content.es) as TemplateContent;
    const mainActions = [...content.mainActions];
    for (const topic of hardcodedTopics(lang)) if (!mainActions.some((t) => t.id === topic.id)) mainActions.unshift(topic);
    const value: TopicTemplateDto = { id: row.id, sections: content.sections, mainActions };
    this.cache.set(key, { at: now, value });
    return value;
  }
}
