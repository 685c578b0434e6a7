import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ROUTES, SUPPORT_CONTACT_OPTIONS, SUPPORT_SUCCESS_TOAST_KEY, supportFormSchema, supportHelpTopicsFor, type SupportForm } from '@puente/domain';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Screen } from '@/components/ui/screen';
import { useMember } from '@/features/profile';
import { warnMissingFields } from '@/lib/scroll-to-error';
import { useSendSupportSurvey } from '../hooks/use-send-support-survey';
import { ScreenHeader } from '@/components/ui/screen-header';

/** spec 2: the optional referer state; back goes to the referer or /perfil (an in-app path only). */
export const supportReferer = (state: unknown): string => {
  const referer = (state as { referer?: unknown } | null)?.referer;
  return typeof referer === 'string' && referer.startsWith('/') && !referer.startsWith('//') ? referer : ROUTES.profile.path;
};

/**
 * /contacto-soporte (spec 2, spec 5): help topic and reason required (the B2B membership topic is
 * hidden for organization members, spec 6), how to reach her and more details optional.
 */
export function SupportContactScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const member = useMember();
  const backTo = supportReferer(location.state);
  const sending = useSendSupportSurvey('support', { successToast: SUPPORT_SUCCESS_TOAST_KEY, to: backTo });
  const topics = supportHelpTopicsFor({ organizationId: member.data?.organizationId });
  const form = useForm<SupportForm>({ resolver: zodResolver(supportFormSchema), defaultValues: { helpTopic: '', reason: '', moreDetails: '' } });

  const handleValid = (values: SupportForm) => sending.send(values);
  const handleInvalid = warnMissingFields;

  return (
    <Screen testId="support-contact-screen">
      <ScreenHeader title={t('customer_support_title')} backTo={backTo} />
      <Typography color="text.secondary">{t('customer_support_intro')}</Typography>
      <Box component="form" noValidate onSubmit={(e) => void form.handleSubmit(handleValid, handleInvalid)(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <Controller
          control={form.control}
          name="helpTopic"
          render={({ field, fieldState }) => (
            <TextField
              select
              required
              label={t('customer_support_help_topic')}
              {...field}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
              slotProps={{ htmlInput: { 'aria-invalid': fieldState.error ? 'true' : 'false' }, select: { SelectDisplayProps: { 'data-testid': 'support-topic' } as never } }}
            >
              {topics.map((topic) => (
                <MenuItem key={topic} value={topic} data-testid={`support-topic-${topic}`}>
                  {t(`customer_support_topic_${topic}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          required
          label={t('customer_support_reason')}
          {...form.register('reason')}
          error={!!form.formState.errors.reason}
          helperText={form.formState.errors.reason?.message ? t(form.formState.errors.reason.message) : undefined}
          slotProps={{ htmlInput: { maxLength: 200, 'aria-invalid': form.formState.errors.reason ? 'true' : 'false', 'data-testid': 'support-reason' } }}
        />
        <Controller
          control={form.control}
          name="prefersContactBy"
          render={({ field }) => (
            <TextField select label={t('customer_support_contact_by')} value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value || undefined)} slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'support-contact-by' } as never } }}>
              {SUPPORT_CONTACT_OPTIONS.map((option) => (
                <MenuItem key={option} value={option}>
                  {t(`customer_support_contact_${option.toLowerCase()}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField label={t('customer_support_more_details')} multiline minRows={3} {...form.register('moreDetails')} slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'support-more-details' } }} />
        <Button type="submit" variant="contained" size="large" disabled={sending.disabled} data-testid="support-submit">
          {t('customer_support_submit')}
        </Button>
      </Box>
    </Screen>
  );
}
