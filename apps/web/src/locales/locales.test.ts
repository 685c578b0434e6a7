import { ERROR_CODES, errorMessageKey } from '@puente/domain';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALE_FILES, MESSAGES } from './index';

const { es, en } = MESSAGES;

// Message keys spec 001 §5, §8 name literally (the forms that use some of them arrive later).
const SPEC_KEYS = [
  'login_screen_error_required', 'login_screen_error_invalid_length', 'verify_code_error_required',
  'verify_code_error_invalid_length', 'save_recovery_error_toast', 'form_missing_fields', 'connection_error',
  'connection_error_description', 'connection_error_sign_in', 'passwordless-invalid-code',
  'passwordless-expired-code', 'passwordless-invalid-token', 'change_phone_screen_phone_error_format',
  'change_phone_screen_phone_error_required', 'change_phone_screen_toast_error_required',
  'change_phone_screen_toast_error_phone', 'change_phone_screen_toast_error_other',
  'recovery_new_phone_required_assistive', 'recovery_new_phone_required', 'recovery_new_phone_format',
  'change_phone_screen_code_error_required', 'employer_code_form_error_invalid', 'signup_company_code_toast_error',
  'signup_company_success_toast_error', 'mandatory_form_name_error', 'mandatory_form_lastname_error',
  'mandatory_form_email_error', 'mandatory_form_email_empty', 'mandatory_form_phonenumber_error',
  'add_dependant_alias_required', 'add_dependant_phone_required', 'error_phone_invalid',
  'customer_support_help_topic_error', 'customer_support_reason_error', 'report_issue_provider_error_message',
  'consent_dropdown_required_error_message', 'mandatory_form_state_placeholder', 'mandatory_form_city_placeholder',
  'merge_accounts_email_wrong_credentials', 'phone_number_taken', 'phone_number_taken_action',
  'profile_payment_error', 'profile_payment_error_description', 'payment_processing_not_available',
  'upcoming_appointment_cancelation_requested_error', 'lack_of_personnel_no_ondemand', 'come_back_later',
  'change_organization_site_missing_fields', 'customer_support_success_toast',
];

describe('translations', () => {
  it('Spanish and English have the same keys', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort());
  });

  it('every feature file exists in both languages with the same keys', () => {
    for (const file of LOCALE_FILES) {
      const twin = LOCALE_FILES.find((f) => f.name === file.name && f.language !== file.language);
      expect(twin, `${file.language}/${file.name}.json has no twin`).toBeDefined();
      expect(Object.keys(file.messages).sort()).toEqual(Object.keys(twin!.messages).sort());
    }
  });

  it('a key is defined in exactly one file per language', () => {
    const seen = new Map<string, string>();
    for (const file of LOCALE_FILES) {
      for (const key of Object.keys(file.messages)) {
        const where = `${file.language}:${key}`;
        expect(seen.get(where), `${key} is in both ${seen.get(where)} and ${file.name}`).toBeUndefined();
        seen.set(where, file.name);
      }
    }
  });

  it.each([...SPEC_KEYS, ...ERROR_CODES.map(errorMessageKey)])('%s is translated in both languages', (key) => {
    expect((es as Record<string, string>)[key]?.trim()).toBeTruthy();
    expect((en as Record<string, string>)[key]?.trim()).toBeTruthy();
  });

  it('401 and 403 read "Sesión expirada" (spec 8)', () => {
    expect(es['error_unauthorized']).toBe('Sesión expirada');
    expect(es['error_forbidden']).toBe('Sesión expirada');
  });

  it('every key is shown somewhere: named in the code (web, domain, contracts, or the API answers), or built from a prefix or suffix the code names', () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === 'locales' ? [] : walk(path.join(dir, e.name))) : [path.join(dir, e.name)]));
    const code = ['apps/web/src', 'packages/domain/src', 'packages/contracts/src', 'apps/api/src']
      .flatMap((dir) => walk(path.join(root, dir)))
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const literals = new Set([...code.matchAll(/['"`]([A-Za-z0-9_.-]+)['"`]/g)].map((m) => m[1]!));
    // `t(`admin_state_${state}`)`, select(..., 'rx_unit_'), `${title}_subtitle`.
    const prefixes = [...new Set([...[...code.matchAll(/`([A-Za-z0-9_.-]+)\$\{/g)].map((m) => m[1]!), ...[...literals].filter((l) => l.endsWith('_'))])].filter((p) => p.length >= 3);
    const suffixes = [...new Set([...code.matchAll(/\}([A-Za-z0-9_.-]+)`/g)].map((m) => m[1]!))].filter((s) => s.length >= 3);
    const PLURAL = /_(zero|one|two|few|many|other)$/;
    const used = (key: string): boolean =>
      literals.has(key) ||
      literals.has(key.replace(PLURAL, '')) ||
      prefixes.some((p) => key.startsWith(p)) ||
      suffixes.some((s) => key.endsWith(s) && literals.has(key.slice(0, -s.length)));
    expect(Object.keys(es).filter((key) => !used(key))).toEqual([]);
  });
});
