import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MemberDto } from '@puente/contracts';
import { HEALTH_PROFILE_FIELDS, healthProfileSchema, type HealthProfileInput } from '@puente/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { showToast } from '@/lib/toast';
import { useMember } from '../api/get-member';
import { useUpdateMember } from '../api/update-member';

type Field = (typeof HEALTH_PROFILE_FIELDS)[number];
type Texts = Record<Field, string>;

const listOf = (m: HealthProfileInput | undefined, field: Field): string[] =>
  field === 'surgeries' ? (m?.surgeries ?? []).map((s) => s.name) : (m?.[field] ?? []);
/** The health profile's lists as its forms' texts, one item per line (the member's dialog, her clinician's editor). */
export const healthProfileTexts = (m: HealthProfileInput | undefined): Texts =>
  Object.fromEntries(HEALTH_PROFILE_FIELDS.map((f) => [f, listOf(m, f).join('\n')])) as Texts;
/** A form's text as the list's items: one per line, trimmed, no empty ones. */
export const healthProfileLines = (text: string): string[] => text.split('\n').map((l) => l.trim()).filter(Boolean);

/** One item per line, checked by the domain's health profile rules (the same as the server's). */
export const healthProfileFromTexts = (texts: Texts): { ok: true; value: HealthProfileInput } | { ok: false; fields: Field[] } => {
  const value = {
    alergies: healthProfileLines(texts.alergies),
    medications: healthProfileLines(texts.medications),
    medicalConditions: healthProfileLines(texts.medicalConditions),
    surgeries: healthProfileLines(texts.surgeries).map((name) => ({ name })),
  };
  const parsed = healthProfileSchema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, fields: [...new Set(parsed.error.issues.map((i) => i.path[0] as Field))] };
};

/**
 * Issue 11: the health profile is asked once before the first consultation: when she has none on
 * file and never answered it. Answering (even "nothing to declare") is remembered on her account
 * (healthProfileAnsweredAt), so another device does not ask again; the device's memory stays for
 * a server that does not send the field.
 */
export const needsHealthProfile = (m: MemberDto | undefined): boolean =>
  !!m &&
  m.userType === 'member' &&
  !m.healthProfileAnsweredAt &&
  HEALTH_PROFILE_FIELDS.every((f) => listOf(m, f).length === 0) &&
  readStorage(STORAGE_KEYS.healthProfileAsked) !== m.id;

/** The allergies, medications, conditions and surgeries form, as a dialog (intake and profile). */
export function HealthProfileDialog({ open, intake, onDone, onCancel }: { open: boolean; intake: boolean; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const member = useMember();
  const update = useUpdateMember();
  const [texts, setTexts] = useState<Texts | null>(null);
  const [errors, setErrors] = useState<Field[]>([]);
  const current = texts ?? healthProfileTexts(member.data);

  const handleSave = () => {
    const me = member.data;
    if (!me) return;
    const result = healthProfileFromTexts(current);
    if (!result.ok) {
      setErrors(result.fields);
      return;
    }
    // Only the lists she changed: one she left as it was is not sent back as this screen read it
    // (over what her clinician recorded since). Answering the intake sends all (nothing to declare
    // is an answer).
    const read = healthProfileTexts(me);
    const changed = HEALTH_PROFILE_FIELDS.filter((f) => current[f] !== read[f]);
    if (changed.length === 0 && !intake) {
      setTexts(null);
      onDone();
      return;
    }
    const data = intake ? result.value : Object.fromEntries(changed.map((f) => [f, result.value[f]]));
    update.mutate(
      { memberId: me.id, data },
      {
        onSuccess: () => {
          writeStorage(STORAGE_KEYS.healthProfileAsked, me.id);
          setTexts(null);
          showToast({ variant: 'success', message: 'health_profile_saved' });
          onDone();
        },
        onError: () => showToast({ variant: 'error', message: 'health_profile_error' }),
      },
    );
  };

  return (
    <Dialog open={open} onClose={update.isPending ? undefined : onCancel} fullWidth maxWidth="sm" aria-labelledby="health-profile-title" data-testid="health-profile-dialog">
      <DialogTitle id="health-profile-title">{t('health_profile_title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <DialogContentText>{intake ? t('health_profile_intake_body') : t('health_profile_body')}</DialogContentText>
        {HEALTH_PROFILE_FIELDS.map((f) => (
          <TextField
            key={f}
            label={t(`health_profile_${f}`)}
            helperText={errors.includes(f) ? t('health_profile_field_error') : t('health_profile_one_per_line')}
            error={errors.includes(f)}
            multiline
            minRows={2}
            value={current[f]}
            onChange={(e) => setTexts({ ...current, [f]: e.target.value })}
            slotProps={{ htmlInput: { 'data-testid': `health-profile-${f}` } }}
          />
        ))}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={update.isPending} data-testid="health-profile-cancel">
          {t('health_profile_cancel')}
        </Button>
        <Button variant="contained" onClick={handleSave} disabled={update.isPending} data-testid="health-profile-save">
          {intake ? t('health_profile_continue') : t('health_profile_save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /perfil/informacion: the member reads and edits her health profile. */
export function HealthProfileCard() {
  const { t } = useTranslation();
  const member = useMember();
  const [editing, setEditing] = useState(false);
  const m = member.data;
  return (
    <Paper elevation={0} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="health-profile-card">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('health_profile_title')}
      </Typography>
      {HEALTH_PROFILE_FIELDS.map((f) => (
        <Box key={f} data-testid={`health-profile-value-${f}`}>
          <Typography variant="caption" color="text.secondary">
            {t(`health_profile_${f}`)}
          </Typography>
          <Typography>{listOf(m, f).join(', ') || t('health_profile_none')}</Typography>
        </Box>
      ))}
      <Box>
        <Button variant="outlined" onClick={() => setEditing(true)} data-testid="health-profile-edit">
          {t('health_profile_edit')}
        </Button>
      </Box>
      <HealthProfileDialog open={editing} intake={false} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
    </Paper>
  );
}
