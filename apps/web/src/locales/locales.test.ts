import { ERROR_CODES, errorMessageKey } from '@puente/domain';
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
});
