import * as z from 'zod/mini';
import { apiErrorSchema, TOPICS_GQL, topicTemplateSchema } from '@puente/contracts';
import { HARDCODED_TOPIC_IDS, TOPIC_DEFAULTS } from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, graphql, memberWithSession, startTestServer, type TestServer } from '../../test';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const template = async (token: string, lang?: 'es' | 'en') => {
  const res = await graphql<{ getConsultationTopicsTemplate: unknown }>(t.url, TOPICS_GQL.getConsultationTopicsTemplate, lang ? { lang } : {}, token);
  expect(res.body.errors).toBeUndefined();
  return z.strictObject(topicTemplateSchema.shape).parse(res.body.data!.getConsultationTopicsTemplate);
};

describe('getConsultationTopicsTemplate (spec 3 Topic template)', () => {
  it('the default template in the member language, with the two hardcoded topics in mainActions', async () => {
    const member = await memberWithSession(t.server, { preferredLang: 'es' });
    const es = await template(member.token);
    expect(es.id).toBe('default');
    expect(es.mainActions.map((a) => a.id)).toEqual([HARDCODED_TOPIC_IDS.physical, HARDCODED_TOPIC_IDS.mental]);
    expect(es.mainActions[0]).toMatchObject({ title: 'Salud física', practice: 'health', tags: TOPIC_DEFAULTS.tags, reason: TOPIC_DEFAULTS.reason });
    expect(es.mainActions[1]).toMatchObject({ title: 'Salud mental', practice: 'mentalhealth', tags: 'practice_mentalhealth' });
    expect(es.sections[0]!.title).toBe('Temas frecuentes');
    expect(es.sections[0]!.topics.find((x) => x.id === 'general')!.subtopics.map((x) => x.title)).toContain('Dolor de cabeza');

    const en = await template(member.token, 'en');
    expect(en.mainActions[0]!.title).toBe('Physical health');
    expect(en.sections[0]!.topics.map((x) => x.id)).toEqual(es.sections[0]!.topics.map((x) => x.id));
  });

  it('an organization with its own template (topicsTemplateId) gets it', async () => {
    const org = await createOrganization(t.server);
    await t.server.services.topics.setOrganizationTemplate(org.id, 'acme');
    const member = await memberWithSession(t.server, { organizationId: org.id, preferredLang: 'en' });
    const own = await template(member.token);
    expect(own.id).toBe('acme');
    expect(own.sections.map((s) => s.title)).toEqual(['Common topics', 'Wellbeing at work']);
    expect(own.mainActions.map((a) => a.id)).toEqual([HARDCODED_TOPIC_IDS.physical, HARDCODED_TOPIC_IDS.mental]);
  });

  it('needs a session and a supported language', async () => {
    const anonymous = await graphql(t.url, TOPICS_GQL.getConsultationTopicsTemplate, {});
    expect(anonymous.status).toBe(401);
    const member = await memberWithSession(t.server);
    const bad = await graphql(t.url, TOPICS_GQL.getConsultationTopicsTemplate, { lang: 'fr' }, member.token);
    expect(apiErrorSchema.parse(bad.body.errors?.[0]?.extensions).error.code).toBe('INVALID_DATA');
  });
});
