import { buildPath } from '@puente/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';

/** Title row of the profile sub-screens, with a back arrow to where they came from (default /perfil). */
export function ProfileHeader({ title, backTo = buildPath('profile') }: { title: string; backTo?: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 48 }}>
      {backTo ? (
        <IconButton onClick={() => void navigate(backTo)} aria-label={t('back')} edge="start" data-testid="back-button">
          <ArrowBack />
        </IconButton>
      ) : null}
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
    </Box>
  );
}
