import { medicalRecordSchema, type AppointmentDto } from '@puente/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showMissingFieldsToast, showToast } from '@/lib/toast';
import { useSaveMedicalRecord } from '../api/save-medical-record';

interface PlanForm {
  internalNotes: string;
  conclusions: string;
  recomendations: string;
}

/** Medical plan tab: internal notes (never shown to the member), conclusions and recommendations. */
export function PlanTab({ appointment, editable }: { appointment: AppointmentDto; editable: boolean }) {
  const { t } = useTranslation();
  const save = useSaveMedicalRecord();
  const record = appointment.medicalRecord;
  const form = useForm<PlanForm>({
    values: {
      internalNotes: record?.internalNotes ?? '',
      conclusions: record?.plan?.conclusions ?? '',
      recomendations: record?.plan?.recomendations ?? '',
    },
  });

  const handleSave = form.handleSubmit((values) => {
    // The server merges the record by section: send the notes and the whole plan (its treatment kept).
    const treatment = record?.plan?.treatment ?? undefined;
    const parsed = medicalRecordSchema.safeParse({
      internalNotes: values.internalNotes,
      plan: { conclusions: values.conclusions, recomendations: values.recomendations, ...(treatment ? { treatment } : {}) },
    });
    if (!parsed.success) {
      showMissingFieldsToast();
      return;
    }
    save.mutate(
      { appointmentId: appointment.id, medicalRecord: parsed.data },
      {
        onSuccess: () => showToast({ variant: 'success', message: 'dashboard_saved' }),
        onError: () => showToast({ variant: 'error', message: 'dashboard_action_error' }),
      },
    );
  });

  const field = (name: keyof PlanForm, label: string) => (
    <TextField
      label={label}
      multiline
      minRows={3}
      {...form.register(name)}
      // Read-only for a clinician not assigned, as a signed note: disabled, the plan was grey at 38%.
      slotProps={{ htmlInput: { 'data-testid': `plan-${name}`, readOnly: !editable } }}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={(e) => void handleSave(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="plan-tab">
      {field('internalNotes', t('dashboard_plan_internal_notes'))}
      {field('conclusions', t('dashboard_plan_conclusions'))}
      {field('recomendations', t('dashboard_plan_recommendations'))}
      {editable ? (
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="plan-save">
            {t('dashboard_save')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
