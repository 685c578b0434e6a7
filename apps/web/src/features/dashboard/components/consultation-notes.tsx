import type { AppointmentDto, ConsultationNoteAddendum, ConsultationNoteDto, ConsultationNotePart } from '@puente/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@/lib/api-client';
import { readDraft, useFormDraft, writeDraft } from '@/lib/drafts';
import { showToast } from '@/lib/toast';
import { useAddNoteAddendum } from '../api/add-note-addendum';
import { useConsultationNote } from '../api/get-consultation-note';
import { useSaveConsultationNote } from '../api/save-consultation-note';
import { useSignConsultationNote } from '../api/sign-consultation-note';
import { UnsavedHint } from './unsaved-hint';

const NO_VALUES: Readonly<Record<string, unknown>> = {};
const asText = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');

/** Dates and times in the reader's language (es-MX or en-US). */
const useWhen = () => {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
};

/** Another clinician's part of the shared record, read-only and attributed. */
function AuthoredPart({ part, template }: { part: ConsultationNotePart; template: ConsultationNoteDto['templates'][number] | undefined }) {
  const { t } = useTranslation();
  const when = useWhen();
  const fields = template?.fields ?? [];
  return (
    <Box data-testid={`note-part-${part.authorRole}`} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {t('dashboard_note_byline', { name: part.authorName ?? '—', role: t(`dashboard_role_${part.authorRole}`), time: when(part.updatedAt) })}
      </Typography>
      <Box>
        <Chip size="small" color={part.signedAt ? 'success' : 'default'} label={part.signedAt ? t('dashboard_note_signed_at', { time: when(part.signedAt) }) : t('dashboard_note_draft')} />
      </Box>
      {Object.entries(part.values)
        .filter(([, v]) => asText(v) !== '')
        .map(([name, v]) => (
          <Typography key={name} variant="body2">
            <strong>{t(`note_field_${name}`, { defaultValue: fields.find((f) => f.name === name)?.label ?? name })}:</strong> {asText(v)}
          </Typography>
        ))}
    </Box>
  );
}

/** The addenda: append-only, each with its author, role and time. */
function Addenda({ addenda }: { addenda: ConsultationNoteAddendum[] }) {
  const { t } = useTranslation();
  const when = useWhen();
  if (addenda.length === 0) return null;
  return (
    <Box data-testid="note-addenda" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
        {t('dashboard_note_addenda')}
      </Typography>
      {addenda.map((a) => (
        <Box key={a.id} data-testid="note-addendum">
          <Typography variant="caption" color="text.secondary">
            {t('dashboard_note_byline', { name: a.authorName ?? '—', role: t(`dashboard_role_${a.authorRole}`), time: when(a.createdAt) })}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {a.text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * spec 000 §3 consultation note partnerProducts (OFFERS_PRODUCTS): the products the member's
 * organization offers, by title (the organization's own words, as its admin wrote them).
 */
function PartnerProducts({ products }: { products: ConsultationNoteDto['partnerProducts'] }) {
  const { t } = useTranslation();
  if (products.length === 0) return null;
  return (
    <Box data-testid="note-partner-products" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
        {t('dashboard_note_partner_products')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('dashboard_note_partner_products_hint')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {products.map((p) => (
          <Typography component="li" variant="body2" key={p.id} data-testid="note-partner-product">
            {p.title}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/**
 * Consultation notes by practice template (getConsultationNoteForMember / saveConsultationNote), as
 * one shared record (issue 11): the clinician writes and signs her own part; the other clinician's
 * part shows attributed beside it; a signed part is locked and later changes are addenda.
 */
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
  const when = useWhen();
  const note = useConsultationNote({
    appointmentId: appointment.id,
    memberId: appointment.memberId,
    templateId: appointment.templateId,
    practice: appointment.practice,
  });
  const save = useSaveConsultationNote();
  const sign = useSignConsultationNote();
  const addAddendum = useAddNoteAddendum();
  const [confirmSign, setConfirmSign] = useState(false);
  const myId = userType === 'us-physician' ? appointment.usDoctorId : appointment.mxDoctorId;
  const parts = note.data?.parts ?? [];
  const mine = parts.find((p) => p.authorId === myId);
  const others = parts.filter((p) => p.authorId !== myId);
  const locked = Boolean(mine?.signedAt);
  const template =
    note.data?.templates.find((tpl) => tpl._id === appointment.templateId) ?? note.data?.templates.find((tpl) => tpl.practice === appointment.practice);
  // Her own part; before anyone wrote a part, the note as it stands.
  const source = mine?.values ?? (parts.length === 0 ? note.data?.values : undefined) ?? NO_VALUES;
  const fields = template?.fields;
  const saved = useMemo(() => Object.fromEntries((fields ?? []).map((f) => [f.name, asText(source[f.name])])), [fields, source]);
  // What she is typing stays when the note changes under it (her save answered, a colleague's
  // part), and while the note is off the screen (lib/drafts).
  const form = useForm<Record<string, string>>({ values: saved, resetOptions: { keepDirtyValues: true } });
  const { unsaved, discard } = useFormDraft(`note:${appointment.id}`, form, saved);
  const [addendum, setAddendumText] = useState(() => readDraft(`addendum:${appointment.id}`)?.text ?? '');
  const setAddendum = (text: string) => {
    setAddendumText(text);
    writeDraft(`addendum:${appointment.id}`, text.trim() === '' ? {} : { text });
  };
  const failed = (error: unknown) =>
    showToast({ variant: 'error', message: isApiRequestError(error) && error.reason === 'note-signed' ? 'dashboard_note_signed_error' : 'dashboard_action_error' });

  const handleSave = form.handleSubmit((next) => {
    if (!template) return;
    save.mutate(
      { appointmentId: appointment.id, templateId: template._id, values: next },
      {
        onSuccess: () => showToast({ variant: 'success', message: 'dashboard_saved' }),
        onError: failed,
      },
    );
  });
  const handleSign = async () => {
    if (!myId || !template) return;
    try {
      // She signs what she sees: what is typed and not saved yet is saved first.
      if (unsaved) await save.mutateAsync({ appointmentId: appointment.id, templateId: template._id, values: form.getValues() });
      await sign.mutateAsync({ appointmentId: appointment.id, authorId: myId });
      showToast({ variant: 'success', message: 'dashboard_note_signed_toast' });
    } catch (error) {
      failed(error);
    } finally {
      setConfirmSign(false);
    }
  };
  const handleAddendum = () => {
    const text = addendum.trim();
    if (!text) return;
    addAddendum.mutate(
      { appointmentId: appointment.id, text },
      {
        onSuccess: () => {
          setAddendum('');
          showToast({ variant: 'success', message: 'dashboard_note_addendum_toast' });
        },
        onError: failed,
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2.5, borderRadius: 2 }} data-testid="consultation-notes">
      {note.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : note.isError ? (
        <Alert severity="error">{t('dashboard_notes_error')}</Alert>
      ) : !template ? (
        <Typography color="text.secondary">{t('dashboard_notes_no_template')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box component="form" noValidate onSubmit={(e) => void handleSave(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }} data-testid="notes-template">
              {/* The template is reference data written in one language: its label and fields are read in the clinician's (issue 11). */}
              {t(`note_template_${template._id.replace(/-/g, '_')}_${userType === 'us-physician' ? 'us' : 'mx'}`, { defaultValue: userType === 'us-physician' ? template.label.usPhysician : template.label.mxPhysician })}
            </Typography>
            {parts.length > 0 ? (
              <Typography variant="body2" color="text.secondary" data-testid="note-mine-status">
                {t('dashboard_note_mine')} · {mine?.signedAt ? t('dashboard_note_signed_at', { time: when(mine.signedAt) }) : t('dashboard_note_draft')}
              </Typography>
            ) : null}
            {locked ? <Alert severity="info">{t('dashboard_note_locked')}</Alert> : null}
            {template.fields.map((f) => (
              <TextField
                key={f.name}
                label={t(`note_field_${f.name}`, { defaultValue: f.label })}
                multiline={f.kind === 'textarea'}
                minRows={f.kind === 'textarea' ? 3 : undefined}
                {...form.register(f.name)}
                // Read-only, not disabled, once signed or not hers to edit: disabled, the note itself
                // was grey at 38% (hard to read beside the call) and could not be selected to copy.
                slotProps={{ htmlInput: { 'data-testid': `note-${f.name}`, readOnly: !editable || locked } }}
              />
            ))}
            {editable && !locked ? (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <Button type="submit" variant="contained" disabled={save.isPending} data-testid="notes-save">
                  {t('dashboard_notes_save')}
                </Button>
                {mine ? (
                  <Button variant="outlined" onClick={() => setConfirmSign(true)} data-testid="notes-sign">
                    {t('dashboard_note_sign')}
                  </Button>
                ) : null}
                <UnsavedHint unsaved={unsaved} testId="notes-unsaved" onDiscard={discard} />
              </Box>
            ) : null}
          </Box>
          {editable && locked ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              <TextField
                label={t('dashboard_note_addendum_label')}
                multiline
                minRows={2}
                value={addendum}
                onChange={(e) => setAddendum(e.target.value)}
                slotProps={{ htmlInput: { 'data-testid': 'note-addendum-text', maxLength: 10_000 } }}
              />
              <Box>
                <Button variant="contained" onClick={handleAddendum} disabled={addAddendum.isPending || addendum.trim() === ''} data-testid="note-addendum-add">
                  {t('dashboard_note_addendum_add')}
                </Button>
              </Box>
            </Box>
          ) : null}
          <PartnerProducts products={note.data?.partnerProducts ?? []} />
          <Addenda addenda={note.data?.addenda ?? []} />
          {others.length > 0 ? (
            <>
              <Divider />
              <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
                {t('dashboard_note_other_parts')}
              </Typography>
              {others.map((p) => (
                <AuthoredPart key={p.authorId} part={p} template={note.data?.templates.find((tpl) => tpl._id === p.templateId) ?? template} />
              ))}
            </>
          ) : null}
        </Box>
      )}
      <Dialog open={confirmSign} onClose={() => setConfirmSign(false)} aria-labelledby="note-sign-title">
        <DialogTitle id="note-sign-title">{t('dashboard_note_sign_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('dashboard_note_sign_body')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmSign(false)}>{t('dashboard_note_sign_cancel')}</Button>
          <Button variant="contained" onClick={() => void handleSign()} disabled={sign.isPending || save.isPending} data-testid="notes-sign-confirm">
            {t('dashboard_note_sign')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
