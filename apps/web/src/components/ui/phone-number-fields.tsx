import { PHONE, SUPPORTED_PHONE_CODES, type SupportedPhoneCode } from '@puente/domain';
import Box from '@mui/material/Box';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OutlinedNativeSelect, OutlinedTextField } from './outlined-fields';

export const COUNTRY_LABEL_KEYS: Record<SupportedPhoneCode, string> = { '1': 'country_us', '52': 'country_mx', '57': 'country_co' };

export interface PhoneNumberFieldsProps {
  countryField: UseFormRegisterReturn;
  phoneField: UseFormRegisterReturn;
  /** Message key of the phone field's label. */
  phoneLabelKey: string;
  /** Message keys of the current errors (from the zod schema), if any. */
  countryErrorKey?: string;
  phoneErrorKey?: string;
  /** Message key shown under the phone field while it has no error. */
  phoneHelpKey?: string;
  testIds: { country: string; phone: string };
  /** The form's default country code: the page rendered at build time (/login) shows it before the form has run. */
  countryDefault?: SupportedPhoneCode;
}

/**
 * The country code and phone number pair of the login, change-phone and recovery forms
 * (spec 001 §5: codes 1, 52, 57; 10 digits; input at most 15 characters; placeholder (XXX)-XXX-XXXX).
 * On phones the country sits above the number so the number's error fits one line, and the helper
 * line is always reserved: an error appearing on blur must not move the submit button from under
 * the finger that is pressing it.
 */
export function PhoneNumberFields({ countryField, phoneField, phoneLabelKey, countryErrorKey, phoneErrorKey, phoneHelpKey, testIds, countryDefault }: PhoneNumberFieldsProps) {
  const { t } = useTranslation();
  const helpId = `${testIds.phone}-help`;
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5, alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
      <OutlinedNativeSelect
        label={t('login_screen_country_code_label')}
        sx={{ width: { xs: '100%', sm: 150 }, flexShrink: 0 }}
        error={countryErrorKey !== undefined}
        helperText={countryErrorKey ? t(countryErrorKey) : undefined}
        name={countryField.name}
        onChange={(e) => void countryField.onChange(e)}
        onBlur={(e) => void countryField.onBlur(e)}
        inputRef={countryField.ref}
        defaultValue={countryDefault}
        htmlSelect={{ 'data-testid': testIds.country }}
      >
        {SUPPORTED_PHONE_CODES.map((code) => (
          <option key={code} value={code}>
            {t(COUNTRY_LABEL_KEYS[code])}
          </option>
        ))}
      </OutlinedNativeSelect>
      <OutlinedTextField
        fullWidth
        type="tel"
        label={t(phoneLabelKey)}
        placeholder={t('login_screen_phone_placeholder')}
        error={phoneErrorKey !== undefined}
        helperText={phoneErrorKey ? t(phoneErrorKey) : phoneHelpKey ? t(phoneHelpKey) : ' '}
        helperTextId={helpId}
        name={phoneField.name}
        onChange={(e) => {
          // spec 5: digits only. Anything else (spaces, dashes, letters, a pasted "+52") is dropped as typed.
          const digits = e.target.value.replace(/\D/g, '');
          if (digits !== e.target.value) e.target.value = digits;
          void phoneField.onChange(e);
        }}
        onBlur={(e) => void phoneField.onBlur(e)}
        inputRef={phoneField.ref}
        htmlInput={{ maxLength: PHONE.inputMax, inputMode: 'numeric', autoComplete: 'tel-national', 'data-testid': testIds.phone }}
      />
    </Box>
  );
}
