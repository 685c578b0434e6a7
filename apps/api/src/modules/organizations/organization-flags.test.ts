import { APPOINTMENT_GQL, GQL, SCHEDULING_GQL, SURVEY_GQL, memberSchema, type ConsultationNoteDto } from '@puente/contracts';
import type { OrganizationFlag } from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentData, createOrganization, createPhysician, createSessionFor, graphql, insertConsultation, memberWithSession, startTestServer, type TestServer } from '../../test';

/**
 * spec 000 §3 / 001 §6: what each organization setting lets a member do, decided on the server.
 * One row per flag: the same request by a member of an organization with the flag and of one
 * without. (USP_REQUIRES_PAYMENT: payments/visit-payments.test.ts; VOICE_REMINDERS and the
 * practices: organizations.test.ts; RESTRICT_SOCIAL_LOGIN: identity tests. OFFERS_PRODUCTS fills
 * the consultation note's partnerProducts from the organization's products. HEALTH_PROGRAMS_AVAILABLE
 * names no server feature in the spec: the member's organization carries it for the app.)
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

type Outcome = 'allowed' | string;
const outcomeOf = (res: { body: { errors?: { extensions?: Record<string, unknown> }[] } }): Outcome => {
  const error = res.body.errors?.[0]?.extensions?.error as { code: string; reason?: string; fields?: Record<string, string> } | undefined;
  if (!error) return 'allowed';
  return [error.code, error.reason, ...Object.entries(error.fields ?? {}).map(([k, v]) => `${k}:${v}`)].filter(Boolean).join(' ');
};

/** A member of `flags`' organization who has not finished onboarding saves the form with `data`. */
const onboard = (data: Record<string, unknown>) => async (flags: OrganizationFlag[]) => {
  const org = await createOrganization(t.server, { flags });
  const m = await memberWithSession(t.server, { organizationId: org.id, firstName: null, lastName: null });
  return outcomeOf(await graphql(t.url, GQL.updateMember, { memberId: m.user.id, data: { firstName: 'Ana', lastName: 'López', address: { country: 'MX' }, ...data } }, m.token));
};
const BIRTHDAY = '1990-05-01';

const FUTURE = '2026-12-08T18:00:00.000Z';

const ROWS: [OrganizationFlag, (flags: OrganizationFlag[]) => Promise<Outcome>, Outcome, Outcome][] = [
  ['REQUIRES_IDENTIFICATION_NUMBER', onboard({ birthday: BIRTHDAY }), 'INVALID_DATA identificationNumber:mandatory_form_identification_number_error', 'allowed'],
  ['REQUIRES_LAB_CONSENT', onboard({ birthday: BIRTHDAY }), 'INVALID_DATA labConsent:mandatory_form_lab_consent_error', 'allowed'],
  ['REQUIRES_HEALTH_SCREENING_CONSENT', onboard({ birthday: BIRTHDAY }), 'INVALID_DATA healthScreeningConsent:mandatory_form_health_screening_consent_error', 'allowed'],
  // The flag relaxes: without it the full form's birthday is required.
  ['MINIMAL_ONBOARDING', onboard({}), 'allowed', 'INVALID_DATA birthday:mandatory_form_birthday_empty'],
  [
    'SUPPORT_AVAILABLE',
    async (flags) => {
      const org = await createOrganization(t.server, { flags });
      const m = await memberWithSession(t.server, { organizationId: org.id });
      return outcomeOf(await graphql(t.url, SURVEY_GQL.createSurvey, { data: { type: 'support', memberId: m.user.id, items: { helpTopic: 'account', reason: 'No puedo entrar' } } }, m.token));
    },
    'allowed',
    'CONFLICT support-not-available',
  ],
  [
    'SCHEDULING_AVAILABLE',
    async (flags) => {
      const org = await createOrganization(t.server, { flags });
      const coach = await createPhysician(t.server, { hours: { starts: '09:00', ends: '12:00' }, isAvailable: false });
      const m = await memberWithSession(t.server, { organizationId: org.id });
      const res = await graphql(t.url, SCHEDULING_GQL.scheduleAppointment, { input: { physicianId: coach.id, language: 'es', startDate: '2020-01-01T15:00:00.000Z', timezone: 'America/Mexico_City' } }, m.token);
      // With the flag the request reaches the calendar (a past time has no slot).
      return outcomeOf(res);
    },
    'NO_SLOTS_AVAILABLE',
    'CONFLICT scheduling-not-available',
  ],
  [
    'USP_SCHEDULING_AVAILABLE',
    async (flags) => {
      const org = await createOrganization(t.server, { flags: [...flags, 'SCHEDULING_AVAILABLE'] });
      const doctor = await createPhysician(t.server, { userType: 'us-physician' });
      const admin = await memberWithSession(t.server, { userType: 'admin' });
      const m = await memberWithSession(t.server, { organizationId: org.id });
      return outcomeOf(await graphql(t.url, SCHEDULING_GQL.scheduleAppointment, { input: { physicianId: doctor.id, language: 'es', startDate: FUTURE, timezone: 'America/Mexico_City', memberId: m.user.id } }, admin.token));
    },
    'allowed',
    'CONFLICT usp-scheduling-not-available',
  ],
  [
    'PHYSICAL_HEALTH_AVAILABLE',
    async (flags) => {
      // An organization naming only mental health does not offer physical health.
      const org = await createOrganization(t.server, { flags: flags.length > 0 ? flags : ['MENTAL_HEALTH_AVAILABLE'] });
      const m = await memberWithSession(t.server, { organizationId: org.id });
      const out = outcomeOf(await graphql(t.url, APPOINTMENT_GQL.createAppointment, { data: appointmentData({ practice: 'health' }), returnNewDocument: true }, m.token));
      return out.includes('practice_not_available') ? out : 'allowed';
    },
    'allowed',
    'INVALID_DATA practice:practice_not_available',
  ],
  [
    'OFFERS_PRODUCTS',
    async (flags) => {
      // The organization lists its products; the coach's consultation note shows them only with the flag.
      const org = await createOrganization(t.server, { flags, settings: { products: [{ id: 'vit-d', title: 'Vitamina D' }, { id: '', title: 'sin id' }] } });
      const m = await memberWithSession(t.server, { organizationId: org.id });
      const coach = await createPhysician(t.server);
      const consultation = await insertConsultation(t.server, { memberId: m.user.id, mxDoctorId: coach.id });
      const { sessionToken } = await createSessionFor(t.server, coach.id);
      const note = await graphql<{ getConsultationNoteForMember: ConsultationNoteDto }>(t.url, APPOINTMENT_GQL.getConsultationNoteForMember, { appointmentId: consultation.id, memberId: m.user.id }, sessionToken);
      const products = note.body.data?.getConsultationNoteForMember.partnerProducts;
      if (!products) return outcomeOf(note);
      return products.length > 0 ? products.map((x) => `${x.id}:${x.title}`).join(',') : 'none';
    },
    'vit-d:Vitamina D',
    'none',
  ],
  ...(['HEALTH_PROGRAMS_AVAILABLE'] as const).map(
    (flag): [OrganizationFlag, (flags: OrganizationFlag[]) => Promise<Outcome>, Outcome, Outcome] => [
      flag,
      async (flags) => {
        const org = await createOrganization(t.server, { flags });
        const m = await memberWithSession(t.server, { organizationId: org.id });
        const me = memberSchema.parse((await graphql<{ getMember: unknown }>(t.url, GQL.getMember, {}, m.token)).body.data?.getMember);
        return me.organization?.settings.includes(flag) ? 'shown' : 'hidden';
      },
      'shown',
      'hidden',
    ],
  ),
];

describe('organization flags on the server (one row per flag: with it, without it)', () => {
  it.each(ROWS)('%s', async (flag, run, withFlag, withoutFlag) => {
    expect(await run([flag])).toBe(withFlag);
    expect(await run([])).toBe(withoutFlag);
  });

  it('a member of an organization requiring an identification number cannot clear it later; a member with no organization is not held to it', async () => {
    const org = await createOrganization(t.server, { flags: ['REQUIRES_IDENTIFICATION_NUMBER', 'REQUIRES_LAB_CONSENT'] });
    const m = await memberWithSession(t.server, { organizationId: org.id, identificationNumber: 'EMP-1', labConsent: 'provided_yes' });
    const update = async (token: string, id: string, data: Record<string, unknown>) => outcomeOf(await graphql(t.url, GQL.updateMember, { memberId: id, data }, token));
    expect(await update(m.token, m.user.id, { identificationNumber: null })).toBe('INVALID_DATA identificationNumber:mandatory_form_identification_number_error');
    expect(await update(m.token, m.user.id, { labConsent: { wasInfoProvided: 'not_asked' } })).toBe('INVALID_DATA labConsent:mandatory_form_lab_consent_error');
    expect(await update(m.token, m.user.id, { identificationNumber: 'EMP-2', nickName: 'Anita' })).toBe('allowed');
    const free = await memberWithSession(t.server, { firstName: null, lastName: null });
    expect(await update(free.token, free.user.id, { firstName: 'Eva', lastName: 'Ruiz', address: { country: 'MX' } })).toBe('allowed');
  });
});
