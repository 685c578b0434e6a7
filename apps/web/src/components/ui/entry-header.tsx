import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Top row of the entry, login and recovery screens: optional back arrow, the brand, and a help link. */
export function EntryHeader({ onBack, onHelp }: { onBack?: () => void; onHelp?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto 1fr', alignItems: 'center', minHeight: 48, gap: 1 }}>
      <Box>
        {onBack ? (
          <IconButton onClick={onBack} aria-label={t('back')} edge="start" data-testid="back-button">
            <ArrowBack />
          </IconButton>
        ) : null}
      </Box>
      <Typography variant="h6" component="span" color="primary" sx={{ fontWeight: 800, letterSpacing: 0.5 }}>
        {t('app_name')}
      </Typography>
      <Box sx={{ textAlign: 'right' }}>
        {onHelp ? (
          <Link component="button" type="button" onClick={onHelp} underline="hover" color="secondary" data-testid="help-link" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {t('help_link')}
          </Link>
        ) : null}
      </Box>
    </Box>
  );
}
