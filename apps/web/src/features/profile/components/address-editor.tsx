import { zodResolver } from '@hookform/resolvers/zod';
import EditLocationAltOutlined from '@mui/icons-material/EditLocationAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { addressFormSchema, type AddressForm } from '@puente/domain';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCountryStates } from '../api/get-country-states';
import { useMember } from '../api/get-member';
import { warnMissingFields } from '@/lib/scroll-to-error';
import { showToast } from '@/lib/toast';
import { useUpdateMember } from '../api/update-member';

/** Her address on /perfil/informacion, and a dialog to correct it (issue 12; the server audits the change). */
export function AddressEditor() {
  const { t } = useTranslation();
  const member = useMember();
  const update = useUpdateMember();
  const [open, setOpen] = useState(false);
  const address = member.data?.address;
  const form = useForm<AddressForm>({
    resolver: zodResolver(addressFormSchema),
    values: {
      country: address?.country === 'MX' ? 'MX' : 'US',
      state: address?.state ?? '',
      city: address?.city ?? '',
      zipCode: address?.zipCode ?? '',
    },
  });
  const country = useWatch({ control: form.control, name: 'country' });
  const states = useCountryStates(country);
  const shown = address ? [address.city, address.state, address.zipCode, address.country].filter(Boolean).join(', ') : '';

  const handleValid = (values: AddressForm) => {
    if (!member.data) return;
    const zip = values.country === 'US' ? values.zipCode?.trim() : undefined;
    update.mutate(
      { memberId: member.data.id, data: { address: { country: values.country, state: values.state, city: values.city, ...(zip ? { zipCode: zip } : {}) } } },
      {
        onSuccess: () => {
          showToast({ variant: 'success', message: 'profile_address_saved' });
          setOpen(false);
        },
        onError: () => showToast({ variant: 'warning', message: 'profile_address_error' }),
      },
    );
  };

  return (
    <Paper elevation={0} sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2 }} data-testid="profile-address">
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary">
          {t('profile_address')}
        </Typography>
        <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="profile-address-value">
          {shown || t('profile_address_missing')}
        </Typography>
      </Box>
      <Button startIcon={<EditLocationAltOutlined />} onClick={() => setOpen(true)} data-testid="profile-address-edit">
        {t('profile_address_edit')}
      </Button>
      <Dialog open={open} onClose={() => (update.isPending ? undefined : setOpen(false))} fullWidth maxWidth="xs">
        <Box component="form" noValidate onSubmit={(e) => void form.handleSubmit(handleValid, warnMissingFields)(e)} data-testid="profile-address-form">
          <DialogTitle>{t('profile_address_edit')}</DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
            <Controller
              control={form.control}
              name="country"
              render={({ field }) => (
                <TextField select label={t('profile_address_country')} {...field} onChange={(e) => { field.onChange(e.target.value); form.setValue('state', ''); }}>
                  <MenuItem value="MX">{t('profile_address_country_mx')}</MenuItem>
                  <MenuItem value="US">{t('profile_address_country_us')}</MenuItem>
                </TextField>
              )}
            />
            <Controller
              control={form.control}
              name="state"
              render={({ field, fieldState }) =>
                states.data && states.data.length > 0 ? (
                  <TextField select required label={t('profile_address_state')} {...field} error={!!fieldState.error} helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}>
                    {states.data.map((s) => (
                      <MenuItem key={s.code} value={s.code}>
                        {s.name}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : (
                  <TextField required label={t('profile_address_state')} {...field} error={!!fieldState.error} helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined} slotProps={{ htmlInput: { 'data-testid': 'profile-address-state' } }} />
                )
              }
            />
            <TextField
              required
              label={t('profile_address_city')}
              {...form.register('city')}
              error={!!form.formState.errors.city}
              helperText={form.formState.errors.city?.message ? t(form.formState.errors.city.message) : undefined}
              slotProps={{ htmlInput: { 'data-testid': 'profile-address-city' } }}
            />
            {country === 'US' ? (
              <TextField
                label={t('profile_address_zip')}
                {...form.register('zipCode')}
                error={!!form.formState.errors.zipCode}
                helperText={form.formState.errors.zipCode?.message ? t(form.formState.errors.zipCode.message) : undefined}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, 'data-testid': 'profile-address-zip' } }}
              />
            ) : null}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 3 }}>
            <Button onClick={() => setOpen(false)} disabled={update.isPending}>
              {t('profile_address_cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={update.isPending} data-testid="profile-address-save">
              {t('profile_address_save')}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Paper>
  );
}
