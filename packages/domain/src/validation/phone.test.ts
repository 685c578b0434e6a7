import { describe, expect, it } from 'vitest';
import {
  COUNTRY_BY_PHONE_CODE,
  countryOfPhoneCode,
  SUPPORTED_PHONE_CODES,
  changePhoneFormSchema,
  changePhoneRecoveryFormSchema,
  changePhoneToastKey,
  formatPhoneForDisplay,
  loginPhoneFormSchema,
  phoneQueryParamSchema,
  recoveryNewPhoneFormSchema,
  splitFullPhoneNumber,
  toFullPhoneNumber,
  verificationCodeSchema,
  PHONE_MESSAGE_KEYS,
} from './phone';
import { fullPhoneNumberSchema } from './full-phone';
import { firstMessage } from './test-helpers';

describe('spec 5 supported codes, full number and display', () => {
  it.each([
    ['1', '5555550100', '+15555550100'],
    ['52', '5512345678', '+525512345678'],
    ['57', '3001234567', '+573001234567'],
  ] as const)('+%s %s', (code, digits, full) => {
    expect(toFullPhoneNumber(code, digits)).toBe(full);
    expect(splitFullPhoneNumber(full)).toEqual({ countryCode: code, digits });
  });
  it('display groups 3-3-4, and 2-4-4 for the Mexican areas with two-digit codes', () => {
    expect(formatPhoneForDisplay('+14155550123')).toBe('+1 415 555 0123');
    expect(formatPhoneForDisplay('+522221234567')).toBe('+52 222 123 4567');
    expect(formatPhoneForDisplay('+525512345678')).toBe('+52 55 1234 5678');
    expect(formatPhoneForDisplay('+523312345678')).toBe('+52 33 1234 5678');
    expect(formatPhoneForDisplay('+528112345678')).toBe('+52 81 1234 5678');
  });
  it.each([
    ['+15555550100', true],
    ['+525512345678', true],
    ['+573001234567', true],
    ['+445512345678', false],
    ['+1555555010', false],
    ['15555550100', false],
  ])('phonenumber query param %s -> %s', (v, ok) => expect(phoneQueryParamSchema.safeParse(v).success).toBe(ok));
  it.each([
    ['+12015550123', true],
    ['+445512345678', false],
  ])('full number %s -> %s', (v, ok) => expect(fullPhoneNumberSchema.safeParse(v).success).toBe(ok));
});

describe('spec 5 login form', () => {
  it.each([
    [{ countryCode: '1', phoneNumber: '5555550100' }, 'phoneNumber', undefined],
    [{ countryCode: '1', phoneNumber: '' }, 'phoneNumber', 'login_screen_error_required'],
    [{ countryCode: '1' }, 'phoneNumber', 'login_screen_error_required'],
    [{ countryCode: '1', phoneNumber: '55555a0100' }, 'phoneNumber', 'login_screen_error_invalid_length'],
    [{ countryCode: '1', phoneNumber: '555555010' }, 'phoneNumber', 'login_screen_error_invalid_length'],
    [{ countryCode: '1', phoneNumber: '1234567890123456' }, 'phoneNumber', 'login_screen_error_invalid_length'],
    [{ phoneNumber: '5555550100' }, 'countryCode', 'login_screen_error_required'],
    [{ countryCode: '44', phoneNumber: '5555550100' }, 'countryCode', 'login_screen_error_required'],
  ])('%j -> %s: %s', (input, path, key) => expect(firstMessage(loginPhoneFormSchema, input, path)).toBe(key));
});

describe('spec 5 change-phone form', () => {
  it.each([
    [{ countryCode: '52', phoneNumber: '5512345678' }, 'phoneNumber', undefined],
    [{ countryCode: '52', phoneNumber: '' }, 'phoneNumber', 'change_phone_screen_phone_error_required'],
    [{ countryCode: '52' }, 'phoneNumber', 'change_phone_screen_phone_error_required'],
    [{ countryCode: '52', phoneNumber: '55-1234567' }, 'phoneNumber', 'change_phone_screen_phone_error_format'],
    [{ countryCode: '52', phoneNumber: '551234567' }, 'phoneNumber', 'login_screen_error_invalid_length'],
    [{ phoneNumber: '5512345678' }, 'countryCode', 'login_screen_error_required'],
  ])('%j -> %s: %s', (input, path, key) => expect(firstMessage(changePhoneFormSchema, input, path)).toBe(key));

  it.each([
    [{ countryCode: '1', phoneNumber: '5555550100', recoveryCode: 'ABCD' }, 'recoveryCode', undefined],
    [{ countryCode: '1', phoneNumber: '5555550100', recoveryCode: '  ' }, 'recoveryCode', 'change_phone_screen_code_error_required'],
    [{ countryCode: '1', phoneNumber: '5555550100' }, 'recoveryCode', 'change_phone_screen_code_error_required'],
  ])('step 1 %j -> %s: %s', (input, path, key) => expect(firstMessage(changePhoneRecoveryFormSchema, input, path)).toBe(key));

  it.each([
    [{ countryCode: '1', phoneNumber: '5555550100' }, 'phoneNumber', undefined],
    [{ countryCode: '1', phoneNumber: '' }, 'phoneNumber', 'recovery_new_phone_required'],
    [{ countryCode: '1', phoneNumber: 'abc' }, 'phoneNumber', 'recovery_new_phone_format'],
    [{ countryCode: '1', phoneNumber: '55555' }, 'phoneNumber', 'recovery_new_phone_format'],
    [{ phoneNumber: '5555550100' }, 'countryCode', 'recovery_new_phone_required'],
  ])('step 2 %j -> %s: %s', (input, path, key) => expect(firstMessage(recoveryNewPhoneFormSchema, input, path)).toBe(key));

  it.each([
    [['change_phone_screen_phone_error_required'], 'change_phone_screen_toast_error_required'],
    [['change_phone_screen_code_error_required', 'login_screen_error_invalid_length'], 'change_phone_screen_toast_error_required'],
    [['change_phone_screen_phone_error_format'], 'change_phone_screen_toast_error_phone'],
    [['login_screen_error_invalid_length'], 'change_phone_screen_toast_error_phone'],
    [['something'], 'change_phone_screen_toast_error_other'],
  ])('toast for %j is %s', (keys, toast) => expect(changePhoneToastKey(keys)).toBe(toast));

  it('assistive key', () => expect(PHONE_MESSAGE_KEYS.recoveryNewPhoneAssistive).toBe('recovery_new_phone_required_assistive'));
});

describe('spec 5 verification code', () => {
  it.each([
    ['123456', undefined],
    ['', 'verify_code_error_required'],
    [undefined, 'verify_code_error_required'],
    ['12345', 'verify_code_error_invalid_length'],
    ['1234567', 'verify_code_error_invalid_length'],
  ])('%s -> %s', (code, key) => expect(firstMessage(verificationCodeSchema, code, '')).toBe(key));
});

describe('COUNTRY_BY_PHONE_CODE (the one phone-code to country map)', () => {
  it.each([
    ['1', 'US'],
    ['52', 'MX'],
    ['57', 'CO'],
  ] as const)('+%s is %s', (code, country) => expect(COUNTRY_BY_PHONE_CODE[code]).toBe(country));

  it('covers exactly the supported codes', () => {
    expect(Object.keys(COUNTRY_BY_PHONE_CODE).sort()).toEqual([...SUPPORTED_PHONE_CODES].sort());
  });

  it.each([
    ['52', 'MX'],
    ['1', 'US'],
    ['44', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ] as const)('countryOfPhoneCode(%s) is %s (no country for a missing or unsupported code)', (code, country) => expect(countryOfPhoneCode(code)).toBe(country));
});

describe('the cut-down phone metadata (issue 10, first load)', () => {
  it('holds only the supported regions, and accepts and refuses exactly what the whole library does', async () => {
    const { parsePhoneNumberFromString } = await import('libphonenumber-js');
    const { PHONE_METADATA } = await import('./phone-metadata');
    const meta = PHONE_METADATA as unknown as { countries: Record<string, unknown>; country_calling_codes: Record<string, string[]> };
    expect(Object.keys(meta.countries).sort()).toEqual(['CO', 'MX', 'US']);
    expect(meta.country_calling_codes).toEqual({ 1: ['US'], 52: ['MX'], 57: ['CO'] });
    const region = { '1': 'US', '52': 'MX', '57': 'CO' } as const;
    // Every leading digit pair after each code (Canada's 416 and Caribbean area codes included), seeded.
    let seed = 7;
    const digit = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 10).toString();
    let accepted = 0;
    for (const code of ['1', '52', '57'] as const)
      for (let lead = 0; lead < 100; lead++) {
        const full = `+${code}${String(lead).padStart(2, '0')}${Array.from({ length: 8 }, digit).join('')}`;
        const parsed = parsePhoneNumberFromString(full, region[code]);
        const expected = parsed !== undefined && parsed.countryCallingCode === code && parsed.isPossible();
        expect(fullPhoneNumberSchema.safeParse(full).success, full).toBe(expected);
        if (expected) accepted++;
      }
    expect(fullPhoneNumberSchema.safeParse('+14165550123').success).toBe(true);
    expect(accepted).toBeGreaterThan(100); // the comparison saw both answers
  });
});
