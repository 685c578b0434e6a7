import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/online';

/**
 * A line across the top of every screen while the browser has no network: what the screen waits
 * for (its data, a sent form) is paused, not lost, and goes on when the connection is back. Without
 * it an offline member saw a spinner and nothing else.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    // Always in the page (empty while online): a status region announces what is put into it.
    <Box role="status" sx={{ position: 'sticky', top: 0, zIndex: 'appBar' }} data-testid="offline-banner">
      {online ? null : (
        <Typography variant="body2" sx={{ bgcolor: 'grey.900', color: 'common.white', px: 2, py: 1, textAlign: 'center' }}>
          {t('offline_banner')}
        </Typography>
      )}
    </Box>
  );
}
