import { MEDICAL_RECORD_TEXT_MAX, medicalRecordSchema, type AppointmentDto } from '@puente/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormDraft } from '@/lib/drafts';
import { scrollToFirstError } from '@/lib/scroll-to-error';
import { showToast } from '@/lib/toast';
import { useSaveMedicalRecord } from '../api/save-medical-record';
import { UnsavedHint } from './unsaved-hint';

interface PlanForm {
  internalNotes: string;
  conclusions: string;
  recomendations: string;
}
const PLAN_FIELDS: readonly (keyof PlanForm)[] = ['internalNotes', 'conclusions', 'recomendations'];
const isPlanField = (name: unknown): name is keyof PlanForm => PLAN_FIELDS.includes(name as keyof PlanForm);

/** Medical plan tab: internal notes (never shown to the member), conclusions and recommendations. */
export function PlanTab({ appointment, editable }: { appointment: AppointmentDto; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const save = useSaveMedicalRecord();
  const record = appointment.medicalRecord;
  const saved = useMemo<PlanForm>(
    () => ({ internalNotes: record?.internalNotes ?? '', conclusions: record?.plan?.conclusions ?? '', recomendations: record?.plan?.recomendations ?? '' }),
    [record?.internalNotes, record?.plan?.conclusions, record?.plan?.recomendations],
  );
  // What she is typing stays when the record changes under it (her save answered, a colleague's).
  const form = useForm<PlanForm>({ values: saved, resetOptions: { keepDirtyValues: true } });
  const { unsaved, discard } = useFormDraft(`plan:${appointment.id}`, form, saved);

  const handleSave = form.handleSubmit((values) => {
    // Only what she changed is sent (the server merges the record by section, the plan by field): a
    // colleague's save since the screen read the record (the other fields, the US doctor's
    // treatment) is never written over with what it showed.
    const changed = PLAN_FIELDS.filter((name) => values[name] !== saved[name]);
    if (changed.length === 0) {
      showToast({ variant: 'success', message: 'dashboard_saved' });
      return;
    }
    const plan = Object.fromEntries(changed.filter((name) => name !== 'internalNotes').map((name) => [name, values[name]]));
    const parsed = medicalRecordSchema.safeParse({
      ...(changed.includes('internalNotes') ? { internalNotes: values.internalNotes } : {}),
      ...(Object.keys(plan).length > 0 ? { plan } : {}),
    });
    if (!parsed.success) {
      // Every field is optional: what fails is a text over its length (or with a character no text
      // may hold). The field says so and takes the focus; what was typed stays, nothing is cut.
      for (const issue of parsed.error.issues) {
        const name = issue.path.at(-1);
        if (isPlanField(name)) form.setError(name, { message: issue.message });
      }
      scrollToFirstError();
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

  const max = MEDICAL_RECORD_TEXT_MAX.toLocaleString(i18n.language);
  // A label fits one line on a phone (a longer one is cut off): what more there is to say is its help.
  const field = (name: keyof PlanForm, label: string, help?: string) => (
    <TextField
      label={label}
      multiline
      minRows={3}
      {...form.register(name, { onChange: () => form.clearErrors(name) })}
      error={form.formState.errors[name] !== undefined}
      helperText={form.formState.errors[name]?.message ? t(form.formState.errors[name].message, { max }) : help}
      // Read-only for a clinician not assigned, as a signed note: disabled, the plan was grey at 38%.
      slotProps={{ htmlInput: { 'data-testid': `plan-${name}`, readOnly: !editable } }}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={(e) => void handleSave(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="plan-tab">
      {field('internalNotes', t('dashboard_plan_internal_notes'), t('dashboard_plan_internal_notes_help'))}
      {field('conclusions', t('dashboard_plan_conclusions'))}
      {field('recomendations', t('dashboard_plan_recommendations'))}
      {editable ? (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="plan-save">
            {t('dashboard_save')}
          </Button>
          <UnsavedHint unsaved={unsaved} testId="plan-unsaved" onDiscard={discard} />
        </Box>
      ) : null}
    </Box>
  );
}
