import { LIMITS, ROUTES } from '@puente/domain';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';

/** /dependants/no-available-slots: LimitExceeded (spec 8), all 3 places taken (spec 9). */
export function NoSlotsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Screen testId="dependants-no-slots-screen">
      <GroupsOutlined color="secondary" sx={{ fontSize: 64, alignSelf: 'center' }} aria-hidden />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, textAlign: 'center' }}>
        {t('no_slots_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('no_slots_body', { max: LIMITS.maxDependants })}
      </Typography>
      <Button variant="contained" size="large" onClick={() => void navigate(ROUTES.dependants.path, { replace: true })} data-testid="no-slots-back">
        {t('no_slots_button')}
      </Button>
    </Screen>
  );
}
