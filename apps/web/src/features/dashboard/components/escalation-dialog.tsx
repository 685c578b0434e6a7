import { zodResolver } from '@hookform/resolvers/zod';
import { ESCALATION_REASON_MAX, ESCALATION_URGENCIES, escalationRequestSchema, type EscalationRequest } from '@puente/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * The coach's request for a US doctor (issue 11): why, in her words, and how soon. The shared
 * domain schema validates it here and on the server.
 */
export function EscalationDialog({ open, busy, onSubmit, onCancel }: { open: boolean; busy: boolean; onSubmit: (value: EscalationRequest) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const urgencyId = useId();
  const form = useForm<{ reason: string; urgency: EscalationRequest['urgency'] }>({
    resolver: zodResolver(escalationRequestSchema),
    defaultValues: { reason: '', urgency: 'soon' },
  });
  const reasonError = form.formState.errors.reason?.message;
  const urgencyError = form.formState.errors.urgency?.message;
  const submit = form.handleSubmit((value) => onSubmit(value));
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} data-testid="escalation-dialog" fullWidth maxWidth="sm">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
          {t('dashboard_escalation_title')}
        </DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{t('dashboard_escalation_body')}</DialogContentText>
          <TextField
            label={t('dashboard_escalation_reason')}
            multiline
            minRows={3}
            required
            error={!!reasonError}
            helperText={reasonError ? t(reasonError) : undefined}
            {...form.register('reason')}
            slotProps={{ htmlInput: { 'data-testid': 'escalation-reason', maxLength: ESCALATION_REASON_MAX } }}
          />
          <FormControl error={!!urgencyError}>
            <FormLabel id={urgencyId}>{t('dashboard_escalation_urgency')}</FormLabel>
            <Controller
              control={form.control}
              name="urgency"
              render={({ field }) => (
                <RadioGroup row aria-labelledby={urgencyId} value={field.value} onChange={(_e, v) => field.onChange(v)} data-testid="escalation-urgency">
                  {ESCALATION_URGENCIES.map((u) => (
                    <FormControlLabel key={u} value={u} control={<Radio slotProps={{ input: { 'data-testid': `escalation-urgency-${u}` } as object }} />} label={t(`dashboard_urgency_${u}`)} />
                  ))}
                </RadioGroup>
              )}
            />
            {urgencyError ? <FormHelperText>{t(urgencyError)}</FormHelperText> : null}
          </FormControl>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel} data-testid="escalation-cancel">
            {t('dashboard_confirm_cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="escalation-submit">
            {t('dashboard_escalation_submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
