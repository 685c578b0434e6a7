import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@puente/domain';
import { useTranslation } from 'react-i18next';

/** The attribute of the page's placeholder (LoadingScreen `placeholder`): the app renders over it, never hydrates it. */
export const PLACEHOLDER_ATTRIBUTE = 'data-placeholder';

/** Read by a screen reader, not shown. */
const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

/**
 * /loading and /payment-loading: a spinner with no back or cancel (spec 000 §2).
 * `placeholder`: the spinner alone, which a page's HTML shows until the app's first render replaces it
 * (issue 10, first load: src/prerender/entry.tsx); it shows no words, as the language is not known yet,
 * and its heading (for a screen reader) is the product's name.
 */
export function LoadingScreen({ testId, placeholder = false }: { testId?: string; placeholder?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box data-testid={testId} {...(placeholder ? { [PLACEHOLDER_ATTRIBUTE]: '' } : {})} sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      {placeholder ? (
        <>
          {/* The page's level-one heading before the app knows its language: the product's name (the page's title). */}
          <Typography component="h1" sx={VISUALLY_HIDDEN}>
            {PRODUCT_NAME}
          </Typography>
          <CircularProgress aria-hidden="true" />
        </>
      ) : (
        <>
          <CircularProgress aria-label={t('loading')} />
          {/* The page's level-one heading while it loads (a screen reader's headings start somewhere). */}
          <Typography component="h1" color="text.secondary">
            {t('loading')}
          </Typography>
        </>
      )}
    </Box>
  );
}
