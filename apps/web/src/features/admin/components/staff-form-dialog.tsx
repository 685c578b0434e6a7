import { zodResolver } from '@hookform/resolvers/zod';
import { createStaffSchema, type CreateStaff, type CreateStaffInput, type StaffMemberDto } from '@puente/contracts';
import { buildPath, LANGUAGES, PRACTICES, STAFF_TYPES } from '@puente/domain';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useCreateStaff } from '../api/create-staff';
import { useUpdateStaff } from '../api/update-staff';

// The scheduling work's calendar editor (its route is added to ROUTES with that work: adminCalendars).
const CALENDARS_PATH = buildPath('adminCalendars');

const blank: CreateStaffInput = { userType: 'mx-physician', firstName: '', lastName: '', email: '', preferredLang: 'es', languages: ['es'], practice: 'health', licenses: [], cedula: '', npi: '', dea: '' };

const fromStaff = (s: StaffMemberDto): CreateStaffInput => ({
  userType: s.userType,
  firstName: s.firstName ?? '',
  lastName: s.lastName ?? '',
  email: s.email ?? '',
  preferredLang: s.preferredLang,
  languages: s.languages,
  practice: s.practice,
  licenses: s.licenses,
  cedula: s.cedula ?? '',
  npi: s.npi ?? '',
  dea: s.dea ?? '',
});

/** Create a staff member, or edit one (her kind and email stay). */
export function StaffFormDialog({ open, editing, onClose }: { open: boolean; editing: StaffMemberDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const form = useForm<CreateStaffInput, unknown, CreateStaff>({ resolver: zodResolver(createStaffSchema), values: editing ? fromStaff(editing) : blank });
  const licenses = useFieldArray({ control: form.control, name: 'licenses' });
  const userType = useWatch({ control: form.control, name: 'userType' });
  const clinician = userType !== 'admin';
  const pending = create.isPending || update.isPending;
  const err = (name: FieldPath<CreateStaffInput>) => {
    const message = form.getFieldState(name, form.formState).error?.message;
    return { error: !!message, helperText: message ? t(message) : undefined };
  };

  const handleSubmit = form.handleSubmit(async (values) => {
    const professional = clinician ? { practice: values.practice, licenses: values.licenses, cedula: values.cedula, npi: values.npi, dea: values.dea } : { practice: null, licenses: [] };
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, changes: { firstName: values.firstName, lastName: values.lastName, preferredLang: values.preferredLang, languages: values.languages, ...professional } });
        showToast({ variant: 'success', message: 'admin_staff_saved' });
      } else {
        await create.mutateAsync({ ...values, ...professional });
        showToast({ variant: 'success', message: 'admin_staff_created' });
      }
      onClose();
    } catch (error) {
      if (isApiRequestError(error) && error.fields) {
        // A field array's own error lives at its root (react-hook-form).
        for (const [key, message] of Object.entries(error.fields)) form.setError((key === 'licenses' ? 'licenses.root' : key) as FieldPath<CreateStaffInput>, { message });
      } else showToast({ variant: 'error', message: 'admin_staff_error' });
    }
  });

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="admin-staff-form-title">
      <form onSubmit={(e) => void handleSubmit(e)} noValidate data-testid="admin-staff-form">
        <DialogTitle id="admin-staff-form-title">{t(editing ? 'admin_staff_edit_title' : 'admin_staff_new_title')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <Controller
            control={form.control}
            name="userType"
            render={({ field }) => (
              <TextField select label={t('admin_staff_kind')} {...field} disabled={!!editing} {...err('userType')} slotProps={{ htmlInput: { 'data-testid': 'admin-staff-kind' } }}>
                {STAFF_TYPES.map((k) => (
                  <MenuItem key={k} value={k} data-testid={`admin-staff-kind-${k}`}>
                    {t(`admin_staff_kind_${k}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField label={t('admin_staff_first_name')} required {...form.register('firstName')} {...err('firstName')} slotProps={{ htmlInput: { 'data-testid': 'admin-staff-first-name' } }} />
            <TextField label={t('admin_staff_last_name')} required {...form.register('lastName')} {...err('lastName')} slotProps={{ htmlInput: { 'data-testid': 'admin-staff-last-name' } }} />
          </Box>
          <TextField label={t('admin_staff_email')} type="email" required disabled={!!editing} {...form.register('email')} {...err('email')} slotProps={{ htmlInput: { 'data-testid': 'admin-staff-email' } }} />
          <Controller
            control={form.control}
            name="languages"
            render={({ field }) => (
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <FormLabel component="legend">{t('admin_staff_languages')}</FormLabel>
                <FormGroup row>
                  {LANGUAGES.map((l) => (
                    <FormControlLabel
                      key={l}
                      label={t(`admin_language_${l}`)}
                      control={
                        <Checkbox
                          checked={(field.value ?? []).includes(l)}
                          onChange={(e) => field.onChange(e.target.checked ? [...(field.value ?? []), l] : (field.value ?? []).filter((x) => x !== l))}
                          slotProps={{ input: { 'data-testid': `admin-staff-language-${l}` } as object }}
                        />
                      }
                    />
                  ))}
                </FormGroup>
                {err('languages').helperText ? <FormHelperText error>{err('languages').helperText}</FormHelperText> : null}
              </Box>
            )}
          />
          {clinician ? (
            <>
              <Controller
                control={form.control}
                name="practice"
                render={({ field }) => (
                  <TextField select label={t('admin_staff_practice')} value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value || null)} {...err('practice')}>
                    {PRACTICES.map((p) => (
                      <MenuItem key={p} value={p}>
                        {t(`admin_practice_${p}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
                <FormLabel component="legend" sx={{ mb: 1.5 }}>{t(userType === 'us-physician' ? 'admin_staff_licenses_us' : 'admin_staff_licenses_mx')}</FormLabel>
                {licenses.fields.map((f, i) => (
                  <Box key={f.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                    <TextField label={t('admin_staff_license_state')} sx={{ width: 110 }} {...form.register(`licenses.${i}.state`)} {...err(`licenses.${i}.state`)} slotProps={{ htmlInput: { 'data-testid': `admin-staff-license-state-${i}`, maxLength: 2 } }} />
                    <TextField label={t('admin_staff_license_number')} sx={{ flex: 1 }} {...form.register(`licenses.${i}.licenseNumber`)} {...err(`licenses.${i}.licenseNumber`)} slotProps={{ htmlInput: { 'data-testid': `admin-staff-license-number-${i}` } }} />
                    <IconButton aria-label={t('admin_staff_license_remove')} onClick={() => licenses.remove(i)} sx={{ mt: 1 }}>
                      <Delete />
                    </IconButton>
                  </Box>
                ))}
                {form.formState.errors.licenses?.root?.message ? <FormHelperText error>{t(form.formState.errors.licenses.root.message)}</FormHelperText> : null}
                <Button startIcon={<Add />} onClick={() => licenses.append({ state: userType === 'us-physician' ? '' : 'MX', licenseNumber: '' })} sx={{ alignSelf: 'flex-start' }} data-testid="admin-staff-license-add">
                  {t('admin_staff_license_add')}
                </Button>
              </Box>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
                <TextField label={t('admin_staff_cedula')} {...form.register('cedula')} {...err('cedula')} slotProps={{ htmlInput: { 'data-testid': 'admin-staff-cedula' } }} />
                <TextField label="NPI" disabled={userType !== 'us-physician'} {...form.register('npi')} {...err('npi')} slotProps={{ htmlInput: { 'data-testid': 'admin-staff-npi' } }} />
                <TextField label="DEA" disabled={userType !== 'us-physician'} {...form.register('dea')} {...err('dea')} slotProps={{ htmlInput: { 'data-testid': 'admin-staff-dea' } }} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {t('admin_staff_hours_hint')}{' '}
                <a href={CALENDARS_PATH}>{t('admin_staff_hours_link')}</a>
              </Typography>
            </>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} disabled={pending}>
            {t('admin_staff_cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending} data-testid="admin-staff-save">
            {t('admin_staff_save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
