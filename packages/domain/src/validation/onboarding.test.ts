import { describe, expect, it } from 'vitest';
import { onboardingProfileSchema, type OnboardingContext } from './onboarding';
import { MEMBER_UPDATE_WHITELIST, filterSupportedLanguages, memberUpdateSchema, pickMemberUpdate } from './member-update';
import { firstMessage, messagesOf } from './test-helpers';

const now = new Date('2025-06-10T12:00:00Z');
const ctx: OnboardingContext = { country: 'US', minimalOnboarding: false, requiresIdentificationNumber: false, requiresLabConsent: false, requiresHealthScreeningConsent: false, now };
const ok = {
  firstName: 'Ana',
  lastName: 'Lopez',
  email: 'ana@example.com',
  phoneNumber: '5555550100',
  country: 'US',
  state: 'CA',
  city: 'Los Angeles',
  zipCode: '90001',
  birthday: '1990-05-01',
  legalAge: true,
  tos: true,
};

describe('spec 5 onboarding profile form', () => {
  it('a complete US profile passes', () => expect(messagesOf(onboardingProfileSchema(ctx), ok)).toEqual({}));

  it.each([
    ['first name 1 char', {}, { firstName: 'A' }, 'firstName', 'mandatory_form_name_error'],
    ['first name blank', {}, { firstName: '  ' }, 'firstName', 'mandatory_form_name_error'],
    ['first name missing', {}, { firstName: undefined }, 'firstName', 'mandatory_form_name_error'],
    ['last name 1 char', {}, { lastName: 'L' }, 'lastName', 'mandatory_form_lastname_error'],
    ['bad email', {}, { email: 'ana@' }, 'email', 'mandatory_form_email_error'],
    ['email optional', {}, { email: '' }, 'email', undefined],
    ['email required for email contact', {}, { email: '', preferredContactMethod: 'email' }, 'email', 'mandatory_form_email_empty'],
    ['email given for email contact', {}, { preferredContactMethod: 'email' }, 'email', undefined],
    ['bad email for email contact', {}, { email: 'x', preferredContactMethod: 'email' }, 'email', 'mandatory_form_email_error'],
    ['phone 9 digits', {}, { phoneNumber: '555555010' }, 'phoneNumber', 'mandatory_form_phonenumber_error'],
    ['phone letters', {}, { phoneNumber: '55555501OO' }, 'phoneNumber', 'mandatory_form_phonenumber_error'],
    ['country required', {}, { country: '' }, 'country', 'mandatory_form_country_error'],
    ['US state required', {}, { state: '' }, 'state', 'mandatory_form_state_placeholder'],
    ['US city required', {}, { city: undefined }, 'city', 'mandatory_form_city_placeholder'],
    ['US city not required with minimal onboarding', { minimalOnboarding: true }, { city: undefined }, 'city', undefined],
    ['MX state not required', { country: 'MX' }, { country: 'MX', state: undefined, city: undefined }, 'state', undefined],
    ['zip 4 digits', {}, { zipCode: '9000' }, 'zipCode', 'mandatory_form_zipcode_error'],
    ['zip letters', {}, { zipCode: '9000a' }, 'zipCode', 'mandatory_form_zipcode_error'],
    ['zip empty', {}, { zipCode: '' }, 'zipCode', undefined],
    ['birthday required', {}, { birthday: undefined }, 'birthday', 'mandatory_form_birthday_empty'],
    ['birthday empty', {}, { birthday: '' }, 'birthday', 'mandatory_form_birthday_empty'],
    ['birthday not required with minimal onboarding', { minimalOnboarding: true }, { birthday: undefined }, 'birthday', undefined],
    ['exactly 18 today', {}, { birthday: '2007-06-10' }, 'birthday', undefined],
    ['18 tomorrow', {}, { birthday: '2007-06-11' }, 'birthday', 'mandatory_form_birthday_underage'],
    ['birthday as epoch ms', {}, { birthday: Date.UTC(1990, 0, 1) }, 'birthday', undefined],
    ['born 1900-01-01', {}, { birthday: '1900-01-01' }, 'birthday', undefined],
    ['born 1899-12-31', {}, { birthday: '1899-12-31' }, 'birthday', 'mandatory_form_birthday_error'],
    ['not a date', {}, { birthday: '1990-13-01' }, 'birthday', 'mandatory_form_birthday_error'],
    ['underage even with minimal onboarding', { minimalOnboarding: true }, { birthday: '2020-01-01' }, 'birthday', 'mandatory_form_birthday_underage'],
    ['legal age unchecked', {}, { legalAge: false }, 'legalAge', 'mandatory_form_legal_age_error'],
    ['tos unchecked', {}, { tos: undefined }, 'tos', 'mandatory_form_tos_error'],
    ['id number required by the organization', { requiresIdentificationNumber: true }, {}, 'identificationNumber', 'mandatory_form_identification_number_error'],
    ['id number given', { requiresIdentificationNumber: true }, { identificationNumber: 'X1' }, 'identificationNumber', undefined],
    ['lab consent required', { requiresLabConsent: true }, {}, 'labConsent', 'mandatory_form_lab_consent_error'],
    ['lab consent not_asked is not an answer', { requiresLabConsent: true }, { labConsent: 'not_asked' }, 'labConsent', 'mandatory_form_lab_consent_error'],
    ['lab consent answered no', { requiresLabConsent: true }, { labConsent: 'provided_no' }, 'labConsent', undefined],
    ['health screening consent required', { requiresHealthScreeningConsent: true }, {}, 'healthScreeningConsent', 'mandatory_form_health_screening_consent_error'],
    ['health screening consent given', { requiresHealthScreeningConsent: true }, { healthScreeningConsent: true }, 'healthScreeningConsent', undefined],
  ] as const)('%s', (_n, over, values, path, key) => {
    expect(firstMessage(onboardingProfileSchema({ ...ctx, ...over }), { ...ok, ...values }, path)).toBe(key);
  });
});

describe('spec 5 member updates', () => {
  it('the whitelist holds the chosen fields', () =>
    expect([...MEMBER_UPDATE_WHITELIST].sort()).toEqual(
      ['address', 'alergies', 'birthday', 'consultationLang', 'email', 'firstName', 'gender', 'hasInsurance', 'healthScreeningConsent', 'height', 'heightMetricSystem', 'identificationNumber', 'insuranceInfo', 'labConsent', 'languages', 'lastName', 'medicalConditions', 'medications', 'nickName', 'pharmacy', 'preferredContactMethod', 'preferredLang', 'sex', 'surgeries', 'timeZone', 'topicsOfInterest', 'weight', 'weightMetricSystem'].sort(),
    ));
  it.each(['userType', 'organizationId', 'phoneNumber', 'subscription', 'recoveryCode', 'id', 'agreedTosAt', 'loginType'])('%s is refused', (field) => {
    expect(memberUpdateSchema.safeParse({ [field]: 'x' }).success).toBe(false);
  });
  it.each([
    [{ firstName: 'Ana' }, true],
    [{ firstName: 'A' }, false],
    [{ preferredLang: 'fr' }, false],
    [{ timeZone: 'America/Tijuana' }, true],
    [{ timeZone: 'Mars/Olympus' }, false],
    [{ labConsent: { wasInfoProvided: 'provided_yes' } }, true],
    [{ insuranceInfo: { typeOfInsurance: 'spouse' } }, true],
    [{ insuranceInfo: { typeOfInsurance: 'private' } }, false],
    [{ address: { city: 'LA', extra: 1 } }, false],
    [{ birthday: 631152000000 }, true],
    [{ email: 'not-an-email' }, false],
    [{ topicsOfInterest: ['stress', 'general'] }, true],
  ])('%j valid: %s', (patch, ok2) => expect(memberUpdateSchema.safeParse(patch).success).toBe(ok2));
  it('languages keep only es and en', () => {
    expect(memberUpdateSchema.parse({ languages: ['es', 'fr', 'en', 'es'] }).languages).toEqual(['es', 'en']);
    expect(filterSupportedLanguages(['pt', 'en', 3])).toEqual(['en']);
    expect(filterSupportedLanguages(null)).toEqual([]);
  });
  it('pick keeps only whitelisted keys', () => expect(pickMemberUpdate({ firstName: 'A', userType: 'admin' })).toEqual({ firstName: 'A' }));
});
