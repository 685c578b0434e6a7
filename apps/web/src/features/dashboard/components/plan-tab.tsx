import { MEDICAL_RECORD_TEXT_MAX, medicalRecordSchema, type AppointmentDto } from '@puente/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { appointmentKeys } from '@/features/appointments';
import { isApiRequestError } from '@/lib/api-client';
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
  const draft = useFormDraft(`plan:${appointment.id}`, form, saved);
  const queryClient = useQueryClient();

  const handleSave = form.handleSubmit((values) => {
    // A colleague's text came in under hers (the screen read it since she started): she chooses
    // first, her save would write over it unseen.
    if (draft.changedUnder.length > 0) {
      showToast({ variant: 'warning', message: 'dashboard_record_changed_toast' });
      focusChangedUnder(draft.changedUnder);
      return;
    }
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
    // What each changed text was when she started on it: the server refuses a save over a text a
    // colleague changed since (record-changed), which this screen had not read yet.
    const base = (name: keyof PlanForm) => draft.baseOf(name) ?? saved[name];
    const basePlan = Object.fromEntries(changed.filter((name) => name !== 'internalNotes').map((name) => [name, base(name)]));
    const basedOn = {
      ...(changed.includes('internalNotes') ? { internalNotes: base('internalNotes') } : {}),
      ...(Object.keys(basePlan).length > 0 ? { plan: basePlan } : {}),
    };
    save.mutate(
      { appointmentId: appointment.id, medicalRecord: parsed.data, basedOn },
      {
        onSuccess: () => showToast({ variant: 'success', message: 'dashboard_saved' }),
        onError: (error) => {
          if (isApiRequestError(error) && error.reason === 'record-changed') {
            // Read the record again: the colleague's text shows beside hers, which stays.
            void queryClient.invalidateQueries({ queryKey: appointmentKeys.detail(appointment.id) });
            showToast({ variant: 'warning', message: 'dashboard_record_changed_toast' });
            return;
          }
          showToast({ variant: 'error', message: 'dashboard_action_error' });
        },
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
  const withChanges = (name: keyof PlanForm, input: ReactNode) => (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {input}
      {editable && draft.changedUnder.includes(name) ? (
        <ChangedUnder name={name} theirs={saved[name]} onTheirs={() => draft.takeTheirs(name)} onMine={() => draft.keepMine(name)} />
      ) : null}
    </Box>
  );

  return (
    <Box component="form" noValidate onSubmit={(e) => void handleSave(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="plan-tab">
      {withChanges('internalNotes', field('internalNotes', t('dashboard_plan_internal_notes'), t('dashboard_plan_internal_notes_help')))}
      {withChanges('conclusions', field('conclusions', t('dashboard_plan_conclusions')))}
      {withChanges('recomendations', field('recomendations', t('dashboard_plan_recommendations')))}
      {editable ? (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="plan-save">
            {t('dashboard_save')}
          </Button>
          <UnsavedHint unsaved={draft.unsaved} testId="plan-unsaved" onDiscard={draft.discard} />
        </Box>
      ) : null}
    </Box>
  );
}

/** Focus the first text a colleague changed under hers: its choice is right below it. */
const focusChangedUnder = (names: readonly string[]) => {
  const first = PLAN_FIELDS.find((name) => names.includes(name));
  const alert = first ? document.querySelector<HTMLElement>(`[data-testid="plan-${first}-changed"]`) : null;
  alert?.scrollIntoView({ block: 'center' });
  alert?.focus();
};

/** A colleague saved this text while she was changing it: theirs shown, hers kept in the field until she chooses. */
function ChangedUnder({ name, theirs, onTheirs, onMine }: { name: keyof PlanForm; theirs: string; onTheirs: () => void; onMine: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" data-testid={`plan-${name}-changed`} tabIndex={-1}>
      <AlertTitle>{t('dashboard_record_changed_title')}</AlertTitle>
      {t('dashboard_record_changed_body')}
      <Box component="blockquote" data-testid={`plan-${name}-theirs`} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 1, mx: 0, pl: 1.5, borderLeft: 3, borderColor: 'warning.main' }}>
        {theirs === '' ? t('dashboard_record_changed_empty') : theirs}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" color="inherit" onClick={onTheirs} data-testid={`plan-${name}-take-theirs`}>
          {t('dashboard_record_changed_theirs')}
        </Button>
        <Button size="small" variant="outlined" color="inherit" onClick={onMine} data-testid={`plan-${name}-keep-mine`}>
          {t('dashboard_record_changed_mine')}
        </Button>
      </Box>
    </Alert>
  );
}
