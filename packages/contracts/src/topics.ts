import { HARDCODED_TOPIC_IDS, languageSchema, PRACTICES, safeString, trimmedSafeString } from '@puente/domain';
import * as z from 'zod/mini';

/**
 * spec 000 §3 Topic template: sections (title, topics) and mainActions. Texts come in the caller's
 * language (the member's preferredLang, or the `lang` argument). tags defaults to practice_health,
 * reason to 'Otra preocupación médica' (domain TOPIC_DEFAULTS).
 */
const topicBase = z.object({
  id: safeString(),
  type: z.nullable(safeString()),
  practice: z.enum(PRACTICES),
  title: safeString(),
  description: z.nullable(safeString()),
  tags: safeString(),
  reason: safeString(),
  iconName: z.nullable(safeString()),
  iconColor: z.nullable(safeString()),
  iconColorShade: z.nullable(safeString()),
  backgroundColor: z.nullable(safeString()),
  backgroundColorShade: z.nullable(safeString()),
  requiresSelfAssessment: z.boolean(),
});
/** Subtopics are one level deep (a topic's subtopics have none). */
export const subtopicSchema = topicBase;
export const topicSchema = z.extend(topicBase, { subtopics: z.array(subtopicSchema) });
export type TopicDto = z.infer<typeof topicSchema>;
export const topicSectionSchema = z.object({ title: safeString(), topics: z.array(topicSchema) });
export const topicTemplateSchema = z.object({
  id: safeString(),
  sections: z.array(topicSectionSchema),
  mainActions: z.array(topicSchema),
});
export type TopicTemplateDto = z.infer<typeof topicTemplateSchema>;

/**
 * Every topic's and subtopic's title in a template, by id: a consultation keeps its topic's title
 * in the language it was asked in, and a reader sees it in hers (the member's record, the dashboard).
 */
export const topicTitlesOf = (template: TopicTemplateDto): ReadonlyMap<string, string> => {
  const titles = new Map<string, string>();
  for (const topic of [...template.mainActions, ...template.sections.flatMap((s) => s.topics)]) {
    titles.set(topic.id, topic.title);
    for (const sub of topic.subtopics) titles.set(sub.id, sub.title);
  }
  return titles;
};

/**
 * A consultation's topic as a reader sees it: its topic's and subtopic's titles in her language
 * where `titles` (topicTitlesOf) knows them, else as the member asked.
 */
export const topicReadIn = <T extends { topicId: string; topicText: string; subtopicId?: string | null; subtopicText?: string | null }>(topic: T, titles: ReadonlyMap<string, string>): T => ({
  ...topic,
  topicText: titles.get(topic.topicId) ?? topic.topicText,
  subtopicText: (topic.subtopicId ? titles.get(topic.subtopicId) : undefined) ?? topic.subtopicText,
});

/** getConsultationTopicsTemplate(lang): the member's organization template (topicsTemplateId) or the default. */
export const topicsTemplateArgsSchema = z.object({ lang: z.optional(languageSchema) });

/** spec 3/9: the two hardcoded topics (physical and mental) are always in mainActions. */
export const HARDCODED_TOPICS = HARDCODED_TOPIC_IDS;

const SUBTOPIC_FIELDS = `id type practice title description tags reason iconName iconColor iconColorShade backgroundColor backgroundColorShade requiresSelfAssessment`;
const TOPIC_FIELDS = `${SUBTOPIC_FIELDS} subtopics { ${SUBTOPIC_FIELDS} }`;
export const TOPICS_GQL = {
  getConsultationTopicsTemplate: `query GetConsultationTopicsTemplate($lang: String) { getConsultationTopicsTemplate(lang: $lang) { id mainActions { ${TOPIC_FIELDS} } sections { title topics { ${TOPIC_FIELDS} } } } }`,
} as const;

/**
 * The topic an appointment is about, as the member chose it (an on-demand or a scheduled one).
 * Here, not with the appointment's shape (./appointments.ts): the scheduled list on home needs it
 * without the rest of that module (issue 10, first load).
 */
export const appointmentTopicSchema = z.object({
  topicId: trimmedSafeString(100).check(z.minLength(1)),
  topicText: trimmedSafeString(200),
  subtopicId: z.nullish(trimmedSafeString(100)),
  subtopicText: z.nullish(trimmedSafeString(200)),
});
