import { describe, expect, it } from 'vitest';
import * as records from './records';
import { APPOINTMENT_STATE as S } from './appointment-machine';
import {
  isReplyOverdue,
  issueDateFormat,
  myPrescriptionState,
  parseIssueDate,
  pushActionForChange,
  clinicianInstructions,
  isStructuredLine,
  prescriptionDirections,
  prescriptionSig,
  replyDueAt,
  supportHelpTopicsFor,
  writerLanguage,
} from './records';

describe('my prescription states (spec 4): pending, loading, ready, cancelled appointment', () => {
  it.each([
    [S.TREAT_PENDING, false, 'pending'],
    [S.S9_ER_ENDS_CALL, false, 'pending'],
    [S.TREAT_PENDING, true, 'loading'],
    [S.TREAT_COMPLETED, false, 'ready'],
    [S.S12_CANCELED, false, 'cancelled-appointment'],
    [S.SCHEDULED_CANCELED, true, 'cancelled-appointment'],
  ] as const)('%s (loading %s) -> %s', (state, loading, expected) => {
    expect(myPrescriptionState({ state, loading })).toBe(expected);
  });
});

describe('prescription directions: structured parts built in the reader’s language', () => {
  // A line as signed for a Spanish-speaking member: the stored strings are Spanish.
  const signedForEs = {
    code: '308191',
    codeSystem: 'RXNORM',
    name: 'Amoxicillin 500 MG Oral Capsule',
    dosage: '1 cápsula',
    freq: 'cada 8 horas',
    duration: '10 días',
    qty: '30 cápsulas',
    sig: 'Tomar 1 cápsula por vía oral cada 8 horas durante 10 días.',
    route: 'oral',
    dose: 1,
    doseUnit: 'capsule',
    frequency: 'every-8-hours',
    durationDays: 10,
    quantity: 30,
    quantityUnit: 'capsule',
  };
  const inhaler = { ...signedForEs, name: 'Albuterol inhaler', route: 'inhalation', dose: 2, doseUnit: 'puff', frequency: 'as-needed', durationDays: 1, quantity: 1, quantityUnit: 'unit' };
  it.each([
    ['en', signedForEs, [['directions', 'Take 1 capsule by mouth every 8 hours for 10 days.'], ['dose', '1 capsule'], ['route', 'by mouth'], ['frequency', 'every 8 hours'], ['duration', '10 days'], ['quantity', '30 capsules']]],
    ['es', signedForEs, [['directions', 'Tomar 1 cápsula por vía oral cada 8 horas durante 10 días.'], ['dose', '1 cápsula'], ['route', 'por vía oral'], ['frequency', 'cada 8 horas'], ['duration', '10 días'], ['quantity', '30 cápsulas']]],
    ['en', inhaler, [['directions', 'Inhale 2 puffs as needed for 1 day.'], ['dose', '2 puffs'], ['route', 'by inhalation'], ['frequency', 'as needed'], ['duration', '1 day'], ['quantity', '1 unit']]],
    ['es', inhaler, [['directions', 'Aplicar 2 inhalaciones según sea necesario durante 1 día.'], ['dose', '2 inhalaciones'], ['route', 'inhalado'], ['frequency', 'según sea necesario'], ['duration', '1 día'], ['quantity', '1 unidad']]],
  ] as const)('%s: %s', (lang, p, expected) => {
    expect(prescriptionDirections(p, lang).map((d) => [d.part, d.value])).toEqual(expected);
    expect(prescriptionSig(p, lang)).toBe(expected[0][1]);
    // The generated sig is not the clinician's free text.
    expect(isStructuredLine(p)).toBe(true);
    expect(clinicianInstructions(p)).toBeNull();
  });

  it('an old line without structured fields keeps its stored strings; its sig is the clinician’s own words', () => {
    const old = { code: '1', codeSystem: 'RxNorm', name: 'X', dosage: '1 tablet', freq: 'every 8 hours', duration: ' ', qty: '21', sig: 'with food', route: 'oral' };
    expect(prescriptionDirections(old, 'es')).toEqual([
      { part: 'dose', value: '1 tablet' },
      { part: 'route', value: 'por vía oral' },
      { part: 'frequency', value: 'every 8 hours' },
      { part: 'quantity', value: '21' },
    ]);
    expect(prescriptionDirections({ ...old, route: 'by the ear, gently' }, 'en')).toContainEqual({ part: 'route', value: 'by the ear, gently' });
    expect(isStructuredLine(old)).toBe(false);
    expect(clinicianInstructions(old)).toBe('with food');
    expect(prescriptionSig(old, 'en')).toBe('with food');
  });
});

describe('the writer’s language of free text', () => {
  it('her staff language choice when she speaks it; else a US doctor writes English, a coach her first language', () => {
    expect(writerLanguage({ userType: 'us-physician', preferredLang: 'en', languages: ['en'] })).toBe('en');
    expect(writerLanguage({ userType: 'us-physician', preferredLang: 'es', languages: ['en', 'es'] })).toBe('es');
    expect(writerLanguage({ userType: 'us-physician', preferredLang: 'es', languages: ['en'] })).toBe('en');
    expect(writerLanguage({ userType: 'us-physician', preferredLang: null, languages: [] })).toBe('en');
    expect(writerLanguage({ userType: 'mx-physician', preferredLang: 'en', languages: ['es'] })).toBe('es');
    expect(writerLanguage({ userType: 'mx-physician', preferredLang: 'es', languages: ['es', 'en'] })).toBe('es');
    expect(writerLanguage({ userType: 'mx-physician' })).toBe('es');
  });
});

describe('the issue date (spec 5): DD/MM/YYYY, MM/DD/YYYY for US members', () => {
  it('names and parses the member format', () => {
    expect([issueDateFormat('US'), issueDateFormat('MX'), issueDateFormat(null)]).toEqual(['MM/DD/YYYY', 'DD/MM/YYYY', 'DD/MM/YYYY']);
    expect(parseIssueDate('03/07/2026', 'US')).toBe('2026-03-07');
    expect(parseIssueDate('03/07/2026', 'MX')).toBe('2026-07-03');
    expect(parseIssueDate('31/02/2026', 'MX')).toBeUndefined();
    expect(parseIssueDate('2026-03-07', 'MX')).toBeUndefined();
  });
});

describe('support', () => {
  it('the B2B membership topic is hidden for organization members (spec 6)', () => {
    expect(supportHelpTopicsFor({ organizationId: null })).toContain('b2b_membership');
    expect(supportHelpTopicsFor({ organizationId: 'org' })).not.toContain('b2b_membership');
  });
  it('a request is overdue 48 hours after it arrived while it is new or in progress', () => {
    const createdAt = new Date('2026-11-23T10:00:00Z');
    expect(replyDueAt(createdAt).toISOString()).toBe('2026-11-25T10:00:00.000Z');
    const later = new Date('2026-11-25T10:00:01Z');
    expect(isReplyOverdue({ status: 'new', createdAt }, later)).toBe(true);
    expect(isReplyOverdue({ status: 'in_progress', createdAt }, later)).toBe(true);
    expect(isReplyOverdue({ status: 'answered', createdAt }, later)).toBe(false);
    expect(isReplyOverdue({ status: 'new', createdAt }, new Date('2026-11-25T09:59:59Z'))).toBe(false);
  });
});

describe('push actions for a change of the member consultation (spec 4)', () => {
  it.each([
    [S.S12_CANCELED, S.S3_COACH_JOINS_CALL, 'canceled-by-admin', 'CANCELLED_CONSULTATION'],
    [S.S12_CANCELED, S.S1_IN_QUEUE_FOR_COACH, 'timeout-by-coach', 'TECHNICAL_ISSUES_NO_COACH'],
    [S.S12_CANCELED, S.S1_IN_QUEUE_FOR_COACH, 'no-coaches', 'TECHNICAL_ISSUES_NO_COACH'],
    [S.S12_CANCELED, S.S1_IN_QUEUE_FOR_COACH, 'canceled-by-socio', null],
    [S.TREAT_COMPLETED, S.TREAT_PENDING, null, 'TREAT_COMPLETED'],
    [S.S11_FINISHED, S.S4_COACH_ENDS_CALL, null, 'GO_TO_FINISHED_APPOINTMENT'],
    [S.S11_FINISHED, S.TREAT_COMPLETED, null, null],
    [S.S3_COACH_JOINS_CALL, S.S2_COACH_IS_REVIEWING, null, null],
    [S.S11_FINISHED, S.S9_ER_ENDS_CALL, 'treat_info_completed', 'TREAT_COMPLETED'],
    [S.S12_CANCELED, S.S3_COACH_JOINS_CALL, 'technical_issues_no_coach', 'TECHNICAL_ISSUES_NO_COACH'],
  ] as const)('%s from %s (%s) -> %s', (state, previousState, statusReason, expected) => {
    expect(pushActionForChange({ state, previousState, statusReason })).toBe(expected);
  });
});

describe('the address form (profile)', () => {
  it('state and city required; a US zip has five digits', () => {
    const { addressFormSchema } = records;
    expect(addressFormSchema.safeParse({ country: 'US', state: 'CA', city: 'San Francisco', zipCode: '94103' }).success).toBe(true);
    expect(addressFormSchema.safeParse({ country: 'MX', state: 'CDMX', city: 'Coyoacán' }).success).toBe(true);
    const bad = addressFormSchema.safeParse({ country: 'US', state: '', city: ' ', zipCode: '941' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message]).sort()).toEqual([
      ['city', 'mandatory_form_city_placeholder'],
      ['state', 'mandatory_form_state_placeholder'],
      ['zipCode', 'address_zip_error'],
    ]);
    expect(addressFormSchema.safeParse({ country: 'US', state: 'CA', city: 'SF', zipCode: '941' }).error?.issues[0]).toMatchObject({ path: ['zipCode'], message: 'address_zip_error' });
  });
});
