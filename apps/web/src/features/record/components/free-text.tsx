import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { FreeText } from '@puente/contracts';
import { useTranslation } from 'react-i18next';

/**
 * A clinician's free text, shown as written and labelled with its language; the translation
 * provider's answer beside it when there is one, otherwise "not translated" when the languages differ.
 */
export function FreeTextBlock({ value, testId }: { value: FreeText; testId?: string }) {
  const { t, i18n } = useTranslation();
  const other = value.language !== i18n.language;
  return (
    <Box data-testid={testId}>
      <Typography sx={{ whiteSpace: 'pre-wrap' }} lang={value.language}>
        {value.text}
      </Typography>
      {other ? (
        <Box sx={{ mt: 0.5, display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-start' }}>
          <Chip size="small" variant="outlined" label={t('record_written_in', { language: t(`record_language_${value.language}`) })} data-testid="free-text-language" />
          {value.translation ? (
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }} lang={i18n.language} data-testid="free-text-translation">
              {t('record_translation')}: {value.translation}
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary" data-testid="free-text-not-translated">
              {t('record_not_translated')}
            </Typography>
          )}
        </Box>
      ) : null}
    </Box>
  );
}
