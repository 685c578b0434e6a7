import type { MemberCareView } from '@puente/contracts';
import { HEALTH_PROFILE_FIELDS, healthProfileSchema, sameItem, type HealthProfileInput } from '@puente/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { healthProfileLines, healthProfileTexts } from '@/features/profile';
import { showToast } from '@/lib/toast';
import { useUpdateMemberHealthProfile } from '../api/update-member-health-profile';

type Field = (typeof HEALTH_PROFILE_FIELDS)[number];
const LABEL: Record<Field, string> = {
  alergies: 'dashboard_profile_allergies',
  medications: 'dashboard_profile_medications',
  medicalConditions: 'dashboard_profile_conditions',
  surgeries: 'dashboard_profile_surgeries',
};

/**
 * The clinician edits the member's health profile (issue 11), one item per line, checked by the
 * domain's rules (the server's too). A surgery keeps its date when its name is kept. Only the lists
 * she changed are sent, with the lists as she read them (the server merges them into what it holds).
 */
export function HealthProfileEditor({ member, open, onClose }: { member: MemberCareView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateMemberHealthProfile();
  const [texts, setTexts] = useState<Record<Field, string> | null>(null);
  // The profile as she read it when she began changing it: the server merges her changes into what
  // it holds then (an allergy the member added meanwhile is kept, not written over).
  const [basedOn, setBasedOn] = useState<HealthProfileInput | null>(null);
  const [invalid, setInvalid] = useState<Field[]>([]);
  const current = texts ?? healthProfileTexts(member);
  const close = () => {
    setTexts(null);
    setBasedOn(null);
    setInvalid([]);
    onClose();
  };
  const change = (field: Field, value: string) => {
    if (basedOn === null) setBasedOn({ alergies: member.alergies, medications: member.medications, medicalConditions: member.medicalConditions, surgeries: member.surgeries });
    setTexts({ ...current, [field]: value });
  };

  const handleSave = () => {
    const parsed = healthProfileSchema.safeParse({
      alergies: healthProfileLines(current.alergies),
      medications: healthProfileLines(current.medications),
      medicalConditions: healthProfileLines(current.medicalConditions),
      surgeries: healthProfileLines(current.surgeries).map((name) => member.surgeries.find((s) => sameItem(s.name, name)) ?? { name }),
    });
    if (!parsed.success) {
      setInvalid([...new Set(parsed.error.issues.map((i) => i.path[0] as Field))]);
      return;
    }
    // Only the lists she changed, each with what she read.
    const read = healthProfileTexts(basedOn ?? member);
    const changed = HEALTH_PROFILE_FIELDS.filter((f) => current[f] !== read[f]);
    if (changed.length === 0) {
      close();
      return;
    }
    const pick = (profile: HealthProfileInput): HealthProfileInput => Object.fromEntries(changed.map((f) => [f, profile[f]]));
    update.mutate(
      { memberId: member.id, profile: { ...pick(parsed.data), ...(basedOn ? { basedOn: pick(basedOn) } : {}) } },
      {
        onSuccess: () => {
          showToast({ variant: 'success', message: 'dashboard_saved' });
          close();
        },
        onError: () => showToast({ variant: 'error', message: 'dashboard_action_error' }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      // A tap beside the dialog (easy on a phone) does not throw away what she changed: Cancel or Escape does.
      onClose={(_event, reason) => {
        if (reason === 'backdropClick' && texts !== null) return;
        close();
      }}
      fullWidth maxWidth="sm" aria-labelledby="health-profile-editor-title" data-testid="health-profile-editor">
      <DialogTitle id="health-profile-editor-title">{t('dashboard_health_profile_edit_title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{t('dashboard_health_profile_edit_hint')}</DialogContentText>
        {HEALTH_PROFILE_FIELDS.map((f) => (
          <TextField
            key={f}
            label={t(LABEL[f])}
            multiline
            minRows={2}
            value={current[f]}
            error={invalid.includes(f)}
            helperText={invalid.includes(f) ? t('dashboard_health_profile_invalid') : undefined}
            onChange={(e) => change(f, e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': `health-edit-${f}` } }}
          />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('dashboard_note_sign_cancel')}</Button>
        <Button variant="contained" onClick={handleSave} disabled={update.isPending} data-testid="health-edit-save">
          {t('dashboard_health_profile_save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
