import { buildPath, canConfirmLanguageChange, LANGUAGES, type Language } from '@puente/domain';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { errorToastKey } from '@/lib/api-client';
import { currentLanguage, isLanguage } from '@/lib/i18n';
import { useMember } from '../api/get-member';
import { showToast } from '@/lib/toast';
import { useChangeLanguage } from '../api/change-language';
import { ProfileHeader } from './profile-header';

/** /cambio-idioma: choose es or en; POST users/{id}/language/{lang}; the whole app switches. */
export function ChangeLanguageScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const member = useMember();
  const current: Language = member.data?.preferredLang ?? currentLanguage(i18n);
  const [selected, setSelected] = useState<Language>(current);
  const change = useChangeLanguage();

  const handleConfirm = async () => {
    if (!member.data || !canConfirmLanguageChange(selected, current)) return;
    try {
      await change.mutateAsync({ memberId: member.data.id, lang: selected });
    } catch (error) {
      showToast({ variant: 'error', message: errorToastKey(error, 'change_language_error') });
      return;
    }
    await i18n.changeLanguage(selected);
    showToast({ variant: 'success', message: 'change_language_success' });
    void navigate(buildPath('profile'), { replace: true });
  };

  return (
    <Screen testId="change-language-screen">
      <ProfileHeader title={t('change_language_title')} />
      <Typography color="text.secondary">{t('change_language_description')}</Typography>
      <Paper elevation={0} sx={{ px: 2, py: 1 }}>
        <RadioGroup value={selected} onChange={(e) => isLanguage(e.target.value) && setSelected(e.target.value)} aria-label={t('change_language_title')}>
          {LANGUAGES.map((lang) => (
            <FormControlLabel
              key={lang}
              value={lang}
              control={<Radio slotProps={{ input: { 'data-testid': `language-${lang}` } as React.InputHTMLAttributes<HTMLInputElement> }} />}
              label={lang === 'es' ? 'Español' : 'English'}
              lang={lang}
            />
          ))}
        </RadioGroup>
      </Paper>
      <Button variant="contained" size="large" disabled={!canConfirmLanguageChange(selected, current) || change.isPending || !member.data} onClick={() => void handleConfirm()} data-testid="language-confirm">
        {t('change_language_confirm')}
      </Button>
    </Screen>
  );
}
