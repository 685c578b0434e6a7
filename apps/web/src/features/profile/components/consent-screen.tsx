import { buildPath, consentFormSchema } from '@puente/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import type * as z from 'zod/mini';
import { Screen } from '@/components/ui/screen';
import { errorToastKey } from '@/lib/api-client';
import { useMember } from '../api/get-member';
import { warnMissingFields } from '@/lib/scroll-to-error';
import { showToast } from '@/lib/toast';
import { useUpdateMember } from '../api/update-member';
import { ProfileHeader } from './profile-header';

type ConsentForm = z.input<typeof consentFormSchema>;

/** /consent: the lab consent, saved through updateMember (labConsent.wasInfoProvided). */
export function ConsentScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useMember();
  const update = useUpdateMember();
  const current = member.data?.labConsent.wasInfoProvided;
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ConsentForm>({
    resolver: zodResolver(consentFormSchema),
    defaultValues: { labConsent: current === 'provided_yes' || current === 'provided_no' ? current : undefined },
  });

  const handleValid = async (form: ConsentForm) => {
    if (!member.data) return;
    try {
      await update.mutateAsync({ memberId: member.data.id, data: { labConsent: { wasInfoProvided: form.labConsent } } });
    } catch (error) {
      showToast({ variant: 'error', message: errorToastKey(error, 'consent_save_error') });
      return;
    }
    showToast({ variant: 'success', message: 'consent_saved' });
    void navigate(buildPath('profile'), { replace: true });
  };

  return (
    <Screen testId="consent-screen">
      <ProfileHeader title={t('consent_title')} />
      <Typography color="text.secondary">{t('consent_description')}</Typography>
      <Paper elevation={0} sx={{ p: 2 }} component="form" noValidate onSubmit={(e) => void handleSubmit(handleValid, warnMissingFields)(e)}>
        <Controller
          name="labConsent"
          control={control}
          render={({ field }) => (
            <FormControl error={errors.labConsent !== undefined}>
              <RadioGroup value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value)} aria-invalid={errors.labConsent !== undefined} aria-describedby={errors.labConsent ? 'consent-error' : undefined} data-testid="consent-choices">
                {/* The first choice takes the focus when the form is sent without one (WCAG 3.3.1). */}
                <FormControlLabel value="provided_yes" control={<Radio slotProps={{ input: { ref: field.ref, 'data-testid': 'consent-yes' } as React.InputHTMLAttributes<HTMLInputElement> }} />} label={t('consent_yes')} />
                <FormControlLabel value="provided_no" control={<Radio slotProps={{ input: { 'data-testid': 'consent-no' } as React.InputHTMLAttributes<HTMLInputElement> }} />} label={t('consent_no')} />
              </RadioGroup>
              {errors.labConsent?.message ? <FormHelperText id="consent-error" role="alert" data-testid="consent-error">{t(errors.labConsent.message)}</FormHelperText> : null}
            </FormControl>
          )}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={update.isPending} sx={{ mt: 2 }} data-testid="consent-submit">
          {t('consent_submit')}
        </Button>
      </Paper>
    </Screen>
  );
}
