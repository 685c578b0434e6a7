import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  complaintReportSchema,
  issueDateFormat,
  parseIssueDate,
  REPORT_CONSEQUENCES,
  REPORT_REASONS,
  ROUTES,
} from '@puente/domain';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { Screen } from '@/components/ui/screen';
import { useMember } from '@/features/profile';
import { warnMissingFields } from '@/lib/scroll-to-error';
import { getTimeZone } from '@/lib/time-zone';
import { useClinicians } from '../api/get-clinicians';
import { useSendSupportSurvey } from '../hooks/use-send-support-survey';
import { ScreenHeader } from '@/components/ui/screen-header';

const BOOLEANS = ['shouldFollowUp', 'hasHappenedBefore', 'confidentialityWaiver'] as const;

interface ComplaintFormValues {
  clinician: string;
  reportReasons: string[];
  issueDescription: string;
  expectedBehavior: string;
  /** As typed, in the member's format (DD/MM/YYYY, or MM/DD/YYYY for US members). */
  issueDate: string;
  issueTime: string;
  shouldFollowUp: string;
  hasHappenedBefore: string;
  confidentialityWaiver: string;
  issueConsequences: string[];
}

const EMPTY: ComplaintFormValues = {
  clinician: '',
  reportReasons: [],
  issueDescription: '',
  expectedBehavior: '',
  issueDate: '',
  issueTime: '',
  shouldFollowUp: '',
  hasHappenedBefore: '',
  confidentialityWaiver: '',
  issueConsequences: [],
};

/**
 * The form's values as the shared schema reads them: the typed date to an ISO day (an unreadable
 * one stays as typed and fails the date rule), yes/no to booleans, empty optional text left out.
 */
const toReport = (v: ComplaintFormValues, country: string | null | undefined) => ({
  clinician: v.clinician,
  reportReasons: v.reportReasons,
  issueDescription: v.issueDescription.trim() || undefined,
  expectedBehavior: v.expectedBehavior.trim() || undefined,
  issueDate: v.issueDate.trim() ? (parseIssueDate(v.issueDate, country) ?? v.issueDate) : undefined,
  issueTime: v.issueTime || undefined,
  shouldFollowUp: v.shouldFollowUp === '' ? undefined : v.shouldFollowUp === 'yes',
  hasHappenedBefore: v.hasHappenedBefore === '' ? undefined : v.hasHappenedBefore === 'yes',
  confidentialityWaiver: v.confidentialityWaiver === '' ? undefined : v.confidentialityWaiver === 'yes',
  issueConsequences: v.issueConsequences.length > 0 ? v.issueConsequences : undefined,
});

/**
 * /reportar-problema (spec 2, spec 5): clinician required, at least one reason, the three required
 * yes/no answers, the issue date from 2020-01-01 to today in the member's format; missing fields
 * give the form_missing_fields toast and a scroll to the first error. Returns to /perfil.
 */
export function ReportProblemScreen() {
  const { t } = useTranslation();
  const member = useMember();
  const clinicians = useClinicians();
  const sending = useSendSupportSurvey('ComplaintReport', { successToast: 'report_issue_success_toast', to: ROUTES.profile.path });
  // spec 5: DD/MM/YYYY, or MM/DD/YYYY for US members.
  const country = member.data?.address?.country ?? (member.data?.countryCode === '1' ? 'US' : null);
  const dateFormat = issueDateFormat(country);
  const schema = useMemo(
    () => {
      const report = complaintReportSchema({ now: new Date(), timeZone: getTimeZone() });
      return z.pipe(z.transform((v) => toReport(v as ComplaintFormValues, country) as z.input<typeof report>), report);
    },
    [country],
  );
  const form = useForm<ComplaintFormValues>({
    resolver: zodResolver(schema as unknown as z.ZodMiniType<ComplaintFormValues, ComplaintFormValues>),
    defaultValues: EMPTY,
  });
  const errorText = (key: keyof ComplaintFormValues) => {
    const message = form.formState.errors[key]?.message;
    return message ? t(message) : undefined;
  };

  // The resolver hands over the schema's output: the report as the server reads it.
  const handleValid = (report: ComplaintFormValues) => sending.send(report as unknown as Record<string, unknown>);
  const handleInvalid = warnMissingFields;

  return (
    <Screen testId="report-problem-screen">
      <ScreenHeader title={t('report_issue_title')} backTo={ROUTES.profile.path} />
      <Typography color="text.secondary">{t('report_issue_intro')}</Typography>
      <Box component="form" noValidate onSubmit={(e) => void form.handleSubmit(handleValid, handleInvalid)(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Controller
          control={form.control}
          name="clinician"
          render={({ field, fieldState }) => (
            <TextField
              select
              required
              label={t('report_issue_provider')}
              {...field}
              error={!!fieldState.error}
              helperText={errorText('clinician') ?? (clinicians.data?.length === 0 ? t('report_issue_no_providers') : undefined)}
              slotProps={{ htmlInput: { 'aria-invalid': fieldState.error ? 'true' : 'false', 'data-testid': 'report-clinician-input' }, select: { SelectDisplayProps: { 'data-testid': 'report-clinician' } as never } }}
            >
              {(clinicians.data ?? []).map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="reportReasons"
          render={({ field, fieldState }) => (
            <FormControl component="fieldset" error={!!fieldState.error} required data-testid="report-reasons">
              <FormLabel component="legend">{t('report_issue_reasons')}</FormLabel>
              <FormGroup aria-invalid={fieldState.error ? 'true' : 'false'}>
                {REPORT_REASONS.map((reason) => (
                  <FormControlLabel
                    key={reason}
                    label={t(`report_reason_${reason}`)}
                    control={
                      <Checkbox
                        checked={field.value.includes(reason)}
                        onChange={(e) => field.onChange(e.target.checked ? [...field.value, reason] : field.value.filter((r) => r !== reason))}
                        // WCAG 3.3.1/4.1.3: each box names the group's error, announced when it appears.
                        slotProps={{ input: { 'data-testid': `report-reason-${reason}`, 'aria-describedby': fieldState.error ? 'report-reasons-error' : undefined } as never }}
                      />
                    }
                  />
                ))}
              </FormGroup>
              {fieldState.error ? (
                <FormHelperText id="report-reasons-error" role="alert">
                  {errorText('reportReasons')}
                </FormHelperText>
              ) : null}
            </FormControl>
          )}
        />
        <TextField label={t('report_issue_description')} multiline minRows={3} {...form.register('issueDescription')} slotProps={{ htmlInput: { maxLength: 5000 } }} />
        <TextField label={t('report_issue_expected')} multiline minRows={2} {...form.register('expectedBehavior')} slotProps={{ htmlInput: { maxLength: 5000 } }} />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            label={t('report_issue_date')}
            placeholder={dateFormat}
            {...form.register('issueDate')}
            error={!!form.formState.errors.issueDate}
            helperText={errorText('issueDate') ?? t('report_issue_date_hint', { format: dateFormat })}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-invalid': form.formState.errors.issueDate ? 'true' : 'false', 'data-testid': 'report-issue-date' } }}
            sx={{ flex: 1, minWidth: 180 }}
          />
          <TextField label={t('report_issue_time')} type="time" {...form.register('issueTime')} slotProps={{ inputLabel: { shrink: true } }} sx={{ flex: 1, minWidth: 140 }} />
        </Box>
        {BOOLEANS.map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field, fieldState }) => (
              <FormControl component="fieldset" error={!!fieldState.error} required data-testid={`report-${name}`}>
                <FormLabel component="legend">{t(`report_issue_${name}`)}</FormLabel>
                <RadioGroup row value={field.value} onChange={(e) => field.onChange(e.target.value)} aria-invalid={fieldState.error ? 'true' : 'false'}>
                  {(['yes', 'no'] as const).map((answer) => (
                    <FormControlLabel
                      key={answer}
                      value={answer}
                      // WCAG 3.3.1/4.1.3: each answer names the question's error, announced when it appears.
                      control={<Radio slotProps={{ input: { 'data-testid': `report-${name}-${answer}`, 'aria-describedby': fieldState.error ? `report-${name}-error` : undefined } as never }} />}
                      label={t(`report_issue_${answer}`)}
                    />
                  ))}
                </RadioGroup>
                {fieldState.error ? (
                  <FormHelperText id={`report-${name}-error`} role="alert">
                    {t('report_issue_answer_required')}
                  </FormHelperText>
                ) : null}
              </FormControl>
            )}
          />
        ))}
        <Controller
          control={form.control}
          name="issueConsequences"
          render={({ field }) => (
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('report_issue_consequences')}</FormLabel>
              <FormGroup>
                {REPORT_CONSEQUENCES.map((c) => (
                  <FormControlLabel
                    key={c}
                    label={t(`report_consequence_${c}`)}
                    control={<Checkbox checked={field.value.includes(c)} onChange={(e) => field.onChange(e.target.checked ? [...field.value, c] : field.value.filter((x) => x !== c))} />}
                  />
                ))}
              </FormGroup>
            </FormControl>
          )}
        />
        <Button type="submit" variant="contained" size="large" disabled={sending.disabled} data-testid="report-submit">
          {t('report_issue_submit')}
        </Button>
      </Box>
    </Screen>
  );
}
