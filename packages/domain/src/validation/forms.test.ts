import { describe, expect, it } from 'vitest';
import { canConfirmLanguageChange, canToggleCamera, isValidPublishableKey, scrollToErrorDelayMs } from './account';
import { chatAttachmentSchema, chatMessageSchema, isAllowedAttachmentMime, shouldSendChatMessage, truncateFileName } from './chat';
import { toIsoDay } from './dates';
import { employerCodeFormSchema, worksThereFormSchema } from './employer-code';
import { organizationSiteFormSchema } from '../organizations';
import { addDependantSchema, complaintReportSchema, consentFormSchema, locationFormSchema, supportFormSchema, toSupportSurveyItems } from './forms';
import { saveRecoveryCodeFormSchema } from './recovery';
import { canSubmitSurvey, generalSatisfactionSurveySchema, mentalHealthSurveySchema } from './surveys';
import { firstMessage, messagesOf } from './test-helpers';

describe('spec 5 recovery and employer code', () => {
  it.each([
    [{ confirmed: true }, undefined],
    [{ confirmed: false }, 'save_recovery_error_toast'],
    [{}, 'save_recovery_error_toast'],
  ])('save recovery %j -> %s', (v, key) => expect(firstMessage(saveRecoveryCodeFormSchema, v, 'confirmed')).toBe(key));
  it.each([
    [{ code: 'ACME' }, undefined],
    [{ code: '  ' }, 'employer_code_form_error_invalid'],
    [{}, 'employer_code_form_error_invalid'],
  ])('employer code %j -> %s', (v, key) => expect(firstMessage(employerCodeFormSchema, v, 'code')).toBe(key));
  it.each([
    [{ worksThere: true }, undefined],
    [{ worksThere: false }, 'signup_company_success_toast_error'],
  ])('works there %j -> %s', (v, key) => expect(firstMessage(worksThereFormSchema, v, 'worksThere')).toBe(key));
});

describe('spec 5 add dependant', () => {
  const ok = { alias: 'Mamá', phoneNumber: '5555550100', preferredLang: 'es' };
  it.each([
    [ok, 'alias', undefined],
    [{ ...ok, alias: ' ' }, 'alias', 'add_dependant_alias_required'],
    [{ ...ok, alias: undefined }, 'alias', 'add_dependant_alias_required'],
    [{ ...ok, phoneNumber: '' }, 'phoneNumber', 'add_dependant_phone_required'],
    [{ ...ok, phoneNumber: undefined }, 'phoneNumber', 'add_dependant_phone_required'],
    [{ ...ok, phoneNumber: '55555' }, 'phoneNumber', 'error_phone_invalid'],
    [{ ...ok, phoneNumber: '555555010x' }, 'phoneNumber', 'error_phone_invalid'],
    [{ ...ok, preferredLang: 'fr' }, 'preferredLang', 'invalid_value'],
  ])('%j -> %s: %s', (v, path, key) => expect(firstMessage(addDependantSchema, v, path)).toBe(key));
  it('country code defaults to 1', () => expect(addDependantSchema.parse(ok).countryCode).toBe('1'));
});

describe('spec 5 organization site, support, consent, location', () => {
  it.each([
    [{ organizationSite: 's1' }, undefined],
    [{ organizationSite: '' }, 'change_organization_site_missing_fields'],
    [{}, 'change_organization_site_missing_fields'],
  ])('site %j -> %s', (v, key) => expect(firstMessage(organizationSiteFormSchema, v, 'organizationSite')).toBe(key));
  it.each([
    [{ helpTopic: 't', reason: 'r' }, {}],
    [{ reason: 'r' }, { helpTopic: ['customer_support_help_topic_error'] }],
    [{ helpTopic: 't', reason: '' }, { reason: ['customer_support_reason_error'] }],
    [{}, { helpTopic: ['customer_support_help_topic_error'], reason: ['customer_support_reason_error'] }],
  ])('support %j', (v, e) => expect(messagesOf(supportFormSchema, v)).toEqual(e));
  it('support survey items', () =>
    expect(toSupportSurveyItems({ helpTopic: 'billing', reason: 'refund', prefersContactBy: 'email', moreDetails: 'x' })).toEqual({ needsHelpWith: 'billing: refund', prefersContactBy: 'email', moreDetails: 'x' }));
  it.each([
    [{ labConsent: 'provided_yes' }, undefined],
    [{ labConsent: 'provided_no' }, undefined],
    [{ labConsent: 'not_asked' }, 'consent_lab_required'],
    [{}, 'consent_lab_required'],
  ])('consent %j -> %s', (v, key) => expect(firstMessage(consentFormSchema, v, 'labConsent')).toBe(key));
  it.each([
    [{ state: 'CA', city: 'Nueva ciudad' }, {}],
    [{ city: 'LA' }, { state: ['mandatory_form_state_placeholder'] }],
    [{ state: 'CA', city: ' ' }, { city: ['mandatory_form_city_placeholder'] }],
  ])('location %j', (v, e) => expect(messagesOf(locationFormSchema, v)).toEqual(e));
});

describe('spec 5 complaint report', () => {
  const schema = complaintReportSchema({ now: new Date('2025-06-10T12:00:00Z') });
  const ok = { clinician: 'Dr. X', reportReasons: ['wait_too_long'], shouldFollowUp: true, hasHappenedBefore: false, confidentialityWaiver: true };
  it.each([
    [ok, 'clinician', undefined],
    [{ ...ok, clinician: '' }, 'clinician', 'report_issue_provider_error_message'],
    [{ ...ok, clinician: undefined }, 'clinician', 'report_issue_provider_error_message'],
    [{ ...ok, reportReasons: [] }, 'reportReasons', 'consent_dropdown_required_error_message'],
    [{ ...ok, reportReasons: undefined }, 'reportReasons', 'consent_dropdown_required_error_message'],
    [{ ...ok, shouldFollowUp: undefined }, 'shouldFollowUp', 'form_missing_fields'],
    [{ ...ok, hasHappenedBefore: undefined }, 'hasHappenedBefore', 'form_missing_fields'],
    [{ ...ok, confidentialityWaiver: undefined }, 'confidentialityWaiver', 'form_missing_fields'],
    [{ ...ok, issueDate: '2020-01-01' }, 'issueDate', undefined],
    [{ ...ok, issueDate: '2025-06-10' }, 'issueDate', undefined],
    [{ ...ok, issueDate: '2019-12-31' }, 'issueDate', 'report_issue_date_error'],
    [{ ...ok, issueDate: '2025-06-11' }, 'issueDate', 'report_issue_date_error'],
    [{ ...ok, issueDate: '2025-02-30' }, 'issueDate', 'report_issue_date_error'],
  ])('%j -> %s: %s', (v, path, key) => expect(firstMessage(schema, v, path)).toBe(key));
  it('other fields are optional', () => expect(schema.safeParse(ok).success).toBe(true));
  it('consequences must be known options', () => expect(schema.safeParse({ ...ok, issueConsequences: ['stress_anxious', 'bogus'] }).success).toBe(false));
  it.each([
    [0, '1970-01-01'],
    ['2024-02-29', '2024-02-29'],
    ['2023-02-29', undefined],
    ['2024-05-01T10:00:00Z', '2024-05-01'],
    ['nope', undefined],
  ] as const)('toIsoDay(%s) = %s', (v, d) => expect(toIsoDay(v)).toBe(d));
});

describe('spec 5 surveys', () => {
  it.each([
    [{ abilityConfidence: 4 }, {}, { abilityConfidence: 4, explainedConsultation: null, showedEmpathy: null, culturallyResponsive: null, wasRespectful: null }],
    [{ abilityConfidence: '5', showedEmpathy: 'abc', wasRespectful: '3' }, {}, { abilityConfidence: 5, showedEmpathy: null, wasRespectful: 3 }],
    [{}, { abilityConfidence: ['form_missing_fields'] }, null],
    [{ abilityConfidence: 0 }, { abilityConfidence: ['form_missing_fields'] }, null],
    [{ abilityConfidence: 'x' }, { abilityConfidence: ['form_missing_fields'] }, null],
    [{ abilityConfidence: 3, explainedConsultation: 6 }, { explainedConsultation: ['form_missing_fields'] }, null],
  ])('mental health %j', (v, errors, parsed) => {
    expect(messagesOf(mentalHealthSurveySchema, v)).toEqual(errors);
    if (parsed) expect(mentalHealthSurveySchema.parse(v)).toMatchObject(parsed);
  });
  it.each([
    [{ satisfactionLevel: 1 }, {}],
    [{ satisfactionLevel: 5, serviceRating: 'n/a', futureUsage: 2, comments: 'ok' }, {}],
    [{}, { satisfactionLevel: ['form_missing_fields'] }],
    [{ satisfactionLevel: 0 }, { satisfactionLevel: ['form_missing_fields'] }],
    [{ satisfactionLevel: 3, futureUsage: 9 }, { futureUsage: ['form_missing_fields'] }],
  ])('general satisfaction %j', (v, errors) => expect(messagesOf(generalSatisfactionSurveySchema, v)).toEqual(errors));
  it('non-numeric optional becomes null', () => expect(generalSatisfactionSurveySchema.parse({ satisfactionLevel: 2, serviceRating: 'x' }).serviceRating).toBeNull());
  it.each([
    [{ submitting: false, hasUser: true }, true],
    [{ submitting: true, hasUser: true }, false],
    [{ submitting: false, hasUser: false }, false],
  ])('submit %j -> %s', (s, e) => expect(canSubmitSurvey(s)).toBe(e));
});

describe('spec 5 chat', () => {
  it.each([
    ['hola', true],
    ['  hola  ', true],
    ['   ', false],
    ['', false],
  ])('message %j sent: %s', (t, e) => {
    expect(shouldSendChatMessage(t)).toBe(e);
    expect(chatMessageSchema.safeParse(t).success).toBe(e);
  });
  it('empty message key', () => expect(firstMessage(chatMessageSchema, ' ', '')).toBe('chat_message_empty'));
  it.each([
    ['image/png', true],
    ['image/jpeg', true],
    ['application/pdf', true],
    ['application/zip', false],
    ['video/mp4', false],
  ])('mime %s allowed: %s', (m, e) => expect(isAllowedAttachmentMime(m)).toBe(e));
  const ok = { fileName: 'lab.pdf', contentType: 'application/pdf', size: 1000, type: 'lab-test' };
  it.each([
    [ok, {}],
    [{ ...ok, contentType: 'text/html' }, { contentType: ['chat_attachment_type_error'] }],
    [{ ...ok, size: 11 * 1024 * 1024 }, { size: ['chat_attachment_size_error'] }],
    [{ ...ok, type: 'selfie' }, { type: ['chat_attachment_type_error'] }],
    [{ ...ok, type: 'symptoms' }, {}],
    [{ ...ok, type: 'medical-record' }, {}],
  ])('attachment %j', (v, e) => expect(messagesOf(chatAttachmentSchema, v)).toEqual(e));
  it.each([
    ['short.pdf', 'short.pdf'],
    ['a-very-long-file-name-for-a-lab-result.pdf', 'a-very-long-file-name-for….pdf'],
  ])('truncate %s', (n, out) => {
    expect(truncateFileName(n)).toBe(out);
    expect(truncateFileName(n).length).toBeLessThanOrEqual(30);
  });
});

describe('spec 5 generic rules', () => {
  it.each([
    ['en', 'es', true],
    ['es', 'es', false],
    ['fr', 'es', false],
    [null, 'es', false],
  ] as const)('language confirm %s over %s: %s', (sel, cur, e) => expect(canConfirmLanguageChange(sel, cur)).toBe(e));
  it('scroll delays', () => {
    expect(scrollToErrorDelayMs('android')).toBe(500);
    expect(scrollToErrorDelayMs('ios')).toBe(100);
  });
  it.each([
    ['pk_test_123', true],
    ['sk_test_123', false],
    ['pk_', false],
    [null, false],
  ])('publishable key %s: %s', (k, e) => expect(isValidPublishableKey(k)).toBe(e));
  it.each([
    [null, 0, true],
    [1000, 1999, false],
    [1000, 2000, true],
  ])('camera toggle last %s now %i: %s', (last, now, e) => expect(canToggleCamera(last, now)).toBe(e));
});
