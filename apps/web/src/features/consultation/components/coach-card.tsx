import ChevronRight from '@mui/icons-material/ChevronRight';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PhysicianDto } from '@puente/contracts';
import { useTranslation } from 'react-i18next';
import { usePhysicianLabels } from '../physician-labels';

/** A coach in the list: photo, name, specialities, languages, online or next free slot. */
export function CoachCard({ physician, onClick, note }: { physician: PhysicianDto; onClick: () => void; note?: string }) {
  const { t } = useTranslation();
  const labels = usePhysicianLabels();
  const name = labels.name(physician);
  return (
    <ButtonBase data-testid={`coach-card-${physician.id}`} onClick={onClick} sx={{ borderRadius: 1, width: '100%', textAlign: 'left', display: 'block' }} focusRipple>
      <Paper elevation={0} sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', border: 1, borderColor: 'divider' }}>
        <Avatar src={physician.imgUrl ?? undefined} alt={name} sx={{ width: 56, height: 56, bgcolor: 'secondary.main' }}>
          {physician.firstName.charAt(0)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {physician.medicalSpecialties.map((s) => labels.specialty(s.speciality)).join(' · ') || t(physician.practice === 'mentalhealth' ? 'coaches_practice_mentalhealth' : 'coaches_practice_health')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
            {physician.isOnline && physician.isAvailable ? <Chip size="small" color="success" label={t('coaches_online')} /> : null}
            {physician.languages.map((lang) => (
              <Chip key={lang} size="small" variant="outlined" label={t(`coaches_language_${lang}`)} />
            ))}
            {/* Wraps on a narrow phone rather than cut the time off ("Próximo horario 3:00 …"). */}
            {note ? <Chip size="small" variant="outlined" color="secondary" label={note} sx={{ height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }} /> : null}
          </Box>
        </Box>
        <ChevronRight color="action" />
      </Paper>
    </ButtonBase>
  );
}
