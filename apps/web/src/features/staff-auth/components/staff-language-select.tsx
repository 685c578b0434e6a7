import type { Language } from '@puente/domain';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage } from '@/lib/i18n';

const LANGUAGES: readonly Language[] = ['es', 'en'];

/**
 * issue 11: staff choose their language before signing in (a US doctor reads English). The choice
 * is i18n's, stored as the member's is (the language key of local storage); once signed in, the
 * staff member's preferred language takes over (staff frame).
 */
export function StaffLanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = currentLanguage(i18n);
  return (
    <TextField
      select
      size="small"
      label={t('staff_login_language_label')}
      value={current}
      onChange={(e) => {
        if (isLanguage(e.target.value)) void i18n.changeLanguage(e.target.value);
      }}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'staff-language-select' } }}
      sx={{ minWidth: 140 }}
    >
      {LANGUAGES.map((lng) => (
        <option key={lng} value={lng} lang={lng}>
          {t(`staff_login_language_${lng}`)}
        </option>
      ))}
    </TextField>
  );
}
