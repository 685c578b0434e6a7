import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** /loading and /payment-loading: a spinner with no back or cancel (spec 000 §2). */
export function LoadingScreen({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <Box data-testid={testId} sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      <CircularProgress aria-label={t('loading')} />
      <Typography color="text.secondary">{t('loading')}</Typography>
    </Box>
  );
}
