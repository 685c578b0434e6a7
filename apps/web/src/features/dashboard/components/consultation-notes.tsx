import type { AppointmentDto } from '@puente/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { useConsultationNote } from '../api/get-consultation-note';
import { useSaveConsultationNote } from '../api/save-consultation-note';

const asText = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');

/** Consultation notes by practice template (getConsultationNoteForMember / saveConsultationNote). */
export function ConsultationNotes({
  appointment,
  userType,
  editable,
}: {
  appointment: AppointmentDto;
  userType: 'mx-physician' | 'us-physician';
  editable: boolean;
}) {
  const { t } = useTranslation();
  const note = useConsultationNote({
    appointmentId: appointment.id,
    memberId: appointment.memberId,
    templateId: appointment.templateId,
    practice: appointment.practice,
  });
  const save = useSaveConsultationNote();
  const template =
    note.data?.templates.find((tpl) => tpl._id === appointment.templateId) ?? note.data?.templates.find((tpl) => tpl.practice === appointment.practice);
  const values = Object.fromEntries((template?.fields ?? []).map((f) => [f.name, asText(note.data?.values[f.name])]));
  const form = useForm<Record<string, string>>({ values });

  const handleSave = form.handleSubmit((next) => {
    if (!template) return;
    save.mutate(
      { appointmentId: appointment.id, templateId: template._id, values: next },
      {
        onSuccess: () => showToast({ variant: 'success', message: 'dashboard_saved' }),
        onError: () => showToast({ variant: 'error', message: 'dashboard_action_error' }),
      },
    );
  });

  return (
    <Paper variant="outlined" sx={{ p: 2.5, borderRadius: 2 }} data-testid="consultation-notes">
      {note.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : note.isError ? (
        <Alert severity="error">{t('dashboard_notes_error')}</Alert>
      ) : !template ? (
        <Typography color="text.secondary">{t('dashboard_notes_no_template')}</Typography>
      ) : (
        <Box component="form" noValidate onSubmit={(e) => void handleSave(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }} data-testid="notes-template">
            {/* The template is reference data written in one language: its label and fields are read in the clinician's (issue 11). */}
            {t(`note_template_${template._id.replace(/-/g, '_')}_${userType === 'us-physician' ? 'us' : 'mx'}`, { defaultValue: userType === 'us-physician' ? template.label.usPhysician : template.label.mxPhysician })}
          </Typography>
          {template.fields.map((f) => (
            <TextField
              key={f.name}
              label={t(`note_field_${f.name}`, { defaultValue: f.label })}
              multiline={f.kind === 'textarea'}
              minRows={f.kind === 'textarea' ? 3 : undefined}
              disabled={!editable}
              {...form.register(f.name)}
              slotProps={{ htmlInput: { 'data-testid': `note-${f.name}` } }}
            />
          ))}
          {editable ? (
            <Box>
              <Button type="submit" variant="contained" disabled={save.isPending} data-testid="notes-save">
                {t('dashboard_notes_save')}
              </Button>
            </Box>
          ) : null}
        </Box>
      )}
    </Paper>
  );
}
