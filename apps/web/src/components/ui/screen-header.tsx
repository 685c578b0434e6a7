import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';

/** A screen's title row with the back arrow to `backTo` (support, family and other sub-screens). */
export function ScreenHeader({ title, backTo }: { title: string; backTo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 48 }}>
      <IconButton onClick={() => void navigate(backTo)} aria-label={t('back')} edge="start" data-testid="back-button">
        <ArrowBack />
      </IconButton>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
    </Box>
  );
}
