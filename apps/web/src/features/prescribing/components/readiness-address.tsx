import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isCompleteZipCode } from '@puente/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZipCodeLookup } from '@/features/onboarding';
import { useMember, useUpdateMember } from '@/features/profile';
import { errorToastKey } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { prescribingKeys } from '../api/query-keys';

/**
 * The member's address asked where she waits (issue 12, readiness): a US zip code fills city and
 * state (spec 5), and saving it updates her profile (an audited change) and the readiness check.
 */
export function ReadinessAddress() {
  const { t } = useTranslation();
  const member = useMember();
  const update = useUpdateMember();
  const queryClient = useQueryClient();
  const [zip, setZip] = useState(member.data?.address?.zipCode ?? '');
  const [touched, setTouched] = useState(false);
  const complete = isCompleteZipCode(zip.trim());
  const lookup = useZipCodeLookup(zip.trim(), true);
  const error = touched && !complete ? 'readiness_zip_invalid' : lookup.isError ? 'readiness_zip_not_found' : null;

  const save = async () => {
    setTouched(true);
    if (!member.data || !complete || !lookup.data) return;
    try {
      await update.mutateAsync({ memberId: member.data.id, data: { address: { zipCode: zip.trim(), city: lookup.data.city, state: lookup.data.state, country: 'US' } } });
      void queryClient.invalidateQueries({ queryKey: [...prescribingKeys.all, 'readiness'] });
      showToast({ variant: 'success', message: 'readiness_address_saved' });
    } catch (err) {
      showToast({ variant: 'warning', message: errorToastKey(err) });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="readiness-address">
      <TextField
        label={t('readiness_zip_label')}
        value={zip}
        onChange={(e) => setZip(e.target.value.replace(/\D/g, '').slice(0, 5))}
        onBlur={() => setTouched(true)}
        error={!!error}
        helperText={error ? t(error) : undefined}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'postal-code', 'aria-invalid': error ? 'true' : 'false', 'data-testid': 'readiness-zip' } }}
        size="small"
      />
      {lookup.data ? (
        <Typography variant="body2" data-testid="readiness-city">
          {`${lookup.data.city}, ${lookup.data.state}`}
        </Typography>
      ) : null}
      <Box>
        <Button type="submit" variant="contained" size="small" disabled={update.isPending || !lookup.data} data-testid="readiness-address-save">
          {t('readiness_address_save')}
        </Button>
      </Box>
    </Box>
  );
}
