import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SELF_ASSESSMENT_SYMPTOMS, type SelfAssessment } from '@puente/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { MAX_SYMPTOM_PHOTOS } from '../symptom-photos';

/**
 * spec 3 selfAssessment (appointmentReason, appointmentReasonKey, painLevel, symptoms): asked before
 * the request when the topic requires it. The reason is required; it is what the coach reads first.
 */
export function SelfAssessmentDialog({ open, topicId, defaultReason, onCancel, onDone }: { open: boolean; topicId: string; defaultReason: string; onCancel: () => void; onDone: (value: SelfAssessment, photos: File[]) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [painLevel, setPainLevel] = useState(0);
  const [symptoms, setSymptoms] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  // spec 3: photos of the symptoms, sent as chat attachments once the appointment exists.
  const [photos, setPhotos] = useState<File[]>([]);
  const addPhotos = (list: FileList | null) => {
    const images = Array.from(list ?? []).filter((f) => f.type.startsWith('image/'));
    setPhotos((current) => [...current, ...images].slice(0, MAX_SYMPTOM_PHOTOS));
  };
  const reasonError = touched && reason.trim().length === 0;

  const toggle = (key: string) => setSymptoms((list) => (list.includes(key) ? list.filter((s) => s !== key) : [...list, key]));

  const handleSubmit = () => {
    setTouched(true);
    if (reason.trim().length === 0) return;
    onDone({ appointmentReason: reason.trim() || defaultReason, appointmentReasonKey: topicId, painLevel, symptoms }, photos);
  };

  return (
    <Dialog open={open} onClose={onCancel} fullWidth maxWidth="sm" data-testid="self-assessment-dialog" aria-labelledby="self-assessment-title">
      <DialogTitle id="self-assessment-title">{t('self_assessment_title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: '8px !important' }}>
        <TextField
          label={t('self_assessment_reason_label')}
          placeholder={t('self_assessment_reason_placeholder')}
          multiline
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onBlur={() => setTouched(true)}
          error={reasonError}
          helperText={reasonError ? t('self_assessment_reason_required') : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'self-assessment-reason', maxLength: 500 } }}
        />
        <Box>
          <Typography id="pain-level-label" gutterBottom>
            {t('self_assessment_pain_label', { level: painLevel })}
          </Typography>
          <Slider
            aria-labelledby="pain-level-label"
            value={painLevel}
            min={0}
            max={10}
            step={1}
            marks
            valueLabelDisplay="auto"
            onChange={(_e, value) => setPainLevel(value)}
            data-testid="self-assessment-pain"
          />
        </Box>
        <Box>
          <Typography gutterBottom>{t('self_assessment_symptoms_label')}</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {SELF_ASSESSMENT_SYMPTOMS.map((key) => (
              <Chip
                key={key}
                label={t(`symptom_${key}`)}
                color={symptoms.includes(key) ? 'primary' : 'default'}
                variant={symptoms.includes(key) ? 'filled' : 'outlined'}
                onClick={() => toggle(key)}
                aria-pressed={symptoms.includes(key)}
                data-testid={`symptom-${key}`}
              />
            ))}
          </Box>
        </Box>
        {photos.length > 0 ? (
          <Box>
            <Typography gutterBottom>{t('self_assessment_photos_label', { max: MAX_SYMPTOM_PHOTOS })}</Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="self-assessment-photo-list">
              {photos.map((photo, index) => (
                <Chip key={`${photo.name}-${index}`} label={photo.name} onDelete={() => setPhotos((list) => list.filter((_, i) => i !== index))} data-testid="self-assessment-photo" />
              ))}
            </Box>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {/* The photo picker sits with the actions: the dialog is no taller on a phone until a photo is chosen. */}
        <IconButton component="label" color="primary" aria-label={t('self_assessment_photos_add_label', { max: MAX_SYMPTOM_PHOTOS })} title={t('self_assessment_photos_add_label', { max: MAX_SYMPTOM_PHOTOS })} disabled={photos.length >= MAX_SYMPTOM_PHOTOS} sx={{ mr: 'auto' }}>
          <AddPhotoAlternateOutlined />
          <input
            hidden
            type="file"
            accept="image/*"
            multiple
            data-testid="self-assessment-photos"
            onChange={(e) => {
              addPhotos(e.target.files);
              e.target.value = '';
            }}
          />
        </IconButton>
        <Button onClick={onCancel}>{t('self_assessment_cancel')}</Button>
        <Button variant="contained" onClick={handleSubmit} data-testid="self-assessment-submit">
          {t('self_assessment_continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
