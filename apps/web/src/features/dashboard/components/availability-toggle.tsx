import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { useMyPhysicianProfile } from '../api/get-my-physician-profile';
import { useSetAvailability } from '../api/set-availability';

/** Online and available for on-demand requests (spec 6: only online, available coaches are listed). */
export function AvailabilityToggle() {
  const { t } = useTranslation();
  const profile = useMyPhysicianProfile(true);
  const setAvailability = useSetAvailability();
  const checked = profile.data?.isAvailable ?? false;

  const handleChange = (next: boolean) => {
    setAvailability.mutate(next, {
      onSuccess: (p) => showToast({ variant: 'success', message: p.isAvailable ? 'dashboard_available_on' : 'dashboard_available_off' }),
      onError: () => showToast({ variant: 'error', message: 'dashboard_action_error' }),
    });
  };

  return (
    <FormControlLabel
      sx={{ mr: 1 }}
      control={
        <Switch
          checked={checked}
          disabled={!profile.data || setAvailability.isPending}
          onChange={(e) => handleChange(e.target.checked)}
          color="secondary"
          slotProps={{ input: { 'aria-label': t('dashboard_availability'), role: 'switch' } }}
          data-testid="availability-toggle"
          data-checked={checked ? 'true' : 'false'}
        />
      }
      label={checked ? t('dashboard_availability_on') : t('dashboard_availability_off')}
    />
  );
}
