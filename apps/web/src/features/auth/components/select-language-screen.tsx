import { afterLanguageSelected, type Language } from '@puente/domain';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { track } from '@/lib/track';
import { readSessionStorage, SESSION_STORAGE_KEYS } from '@/lib/storage';

/** /select-language: ESPAÑOL or ENGLISH; then /login if a partner exists, else /presignup. */
export function SelectLanguageScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();

  const handleSelect = (language: Language) => {
    void i18n.changeLanguage(language);
    void track('language_selected', { language });
    const hasPartner = readSessionStorage(SESSION_STORAGE_KEYS.partnerId) !== null;
    void navigate(afterLanguageSelected(hasPartner));
  };

  return (
    <Screen testId="select-language-screen">
      <Box sx={{ textAlign: 'center', mt: { xs: 8, md: 12 } }}>
        <Typography variant="h3" component="p" color="primary" sx={{ fontWeight: 800 }}>
          {t('app_name')}
        </Typography>
        <TranslateOutlined color="secondary" sx={{ fontSize: 48, mt: 4 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mt: 1 }}>
          {t('select_language_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('select_language_subtitle')}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 4 }}>
        <Button size="large" variant="contained" lang="es" data-testid="lang-es" onClick={() => handleSelect('es')}>
          {t('select_language_es')}
        </Button>
        <Button size="large" variant="outlined" lang="en" data-testid="lang-en" onClick={() => handleSelect('en')}>
          {t('select_language_en')}
        </Button>
      </Box>
    </Screen>
  );
}
