import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The attribute of the page's placeholder (LoadingScreen `placeholder`): the app renders over it, never hydrates it. */
export const PLACEHOLDER_ATTRIBUTE = 'data-placeholder';

/**
 * /loading and /payment-loading: a spinner with no back or cancel (spec 000 §2).
 * `placeholder`: the spinner alone, which a page's HTML shows until the app's first render replaces it
 * (issue 10, first load: src/prerender/entry.tsx); it has no words, as the language is not known yet.
 */
export function LoadingScreen({ testId, placeholder = false }: { testId?: string; placeholder?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box data-testid={testId} {...(placeholder ? { [PLACEHOLDER_ATTRIBUTE]: '' } : {})} sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      {placeholder ? (
        <CircularProgress aria-hidden="true" />
      ) : (
        <>
          <CircularProgress aria-label={t('loading')} />
          <Typography color="text.secondary">{t('loading')}</Typography>
        </>
      )}
    </Box>
  );
}
