import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  canSubmitSurvey,
  generalSatisfactionSurveySchema,
  LIMITS,
  mentalHealthSurveySchema,
  ROUTES,
  surveyTypeForPractice,
} from '@puente/domain';
import { Controller, useForm, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { errorToastKey, isApiRequestError } from '@/lib/api-client';
import { useAppointment } from '@/features/appointments';
import { useMember } from '@/features/profile';
import { warnMissingFields } from '@/lib/scroll-to-error';
import { showToast } from '@/lib/toast';
import { useCreateSatisfactionSurvey } from '../api/create-survey';
import { getExitRedirectUrl } from '../api/get-exit-redirect-url';

const SCALE = Array.from({ length: LIMITS.ratingMax - LIMITS.ratingMin + 1 }, (_, i) => LIMITS.ratingMin + i); // spec 9: rating scale 1 to 5

const MENTAL_HEALTH_FIELDS = ['abilityConfidence', 'explainedConsultation', 'showedEmpathy', 'culturallyResponsive', 'wasRespectful'] as const;
const GENERAL_FIELDS = ['satisfactionLevel', 'serviceRating', 'futureUsage'] as const;
const REQUIRED = new Set(['abilityConfidence', 'satisfactionLevel']);

function RatingField<T extends FieldValues>({ control, name }: { control: Control<T>; name: Path<T> }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const errorId = fieldState.error ? `survey-${name}-error` : undefined;
        return (
          <FormControl error={!!fieldState.error} data-testid={`survey-${name}`} component="fieldset">
            <FormLabel component="legend" sx={{ mb: 1, color: 'text.primary' }}>
              {/* As the other forms: the required question is starred, an optional one says so (issue 10). */}
              {t(`survey_${name}`)}
              {REQUIRED.has(name) ? ' *' : ` ${t('survey_optional')}`}
            </FormLabel>
            <ToggleButtonGroup
              exclusive
              value={(field.value as number | null | undefined) ?? null}
              onChange={(_e, v: number | null) => field.onChange(v)}
              aria-invalid={fieldState.error ? 'true' : 'false'}
              sx={{ flexWrap: 'wrap' }}
            >
              {SCALE.map((n) => (
                // WCAG 3.3.1/4.1.3: each rating names the question's error, announced when it appears.
                <ToggleButton key={n} value={n} aria-label={t('survey_rating_value', { value: n, max: LIMITS.ratingMax })} aria-describedby={errorId} sx={{ minWidth: 48 }} data-testid={`survey-${name}-${n}`}>
                  {n}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('survey_scale_hint')}
            </Typography>
            {fieldState.error ? (
              <FormHelperText id={errorId} role="alert">
                {/* What this question needs (the toast says that something is missing). */}
                {t('survey_rating_required')}
              </FormHelperText>
            ) : null}
          </FormControl>
        );
      }}
    />
  );
}

function SurveyForm({ appointmentId, practice }: { appointmentId: string; practice: 'health' | 'mentalhealth' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useMember();
  const create = useCreateSatisfactionSurvey();
  const type = surveyTypeForPractice(practice);
  const mental = type === 'mental-health satisfaction';
  // The two surveys share one form: the schema of the member's practice checks it.
  const schema = (mental ? mentalHealthSurveySchema : generalSatisfactionSurveySchema) as unknown as Parameters<typeof zodResolver<Record<string, unknown>, unknown, Record<string, unknown>>>[0];
  const form = useForm<Record<string, unknown>>({ resolver: zodResolver(schema), defaultValues: {} });
  const submitting = form.formState.isSubmitting || create.isPending;

  const leave = async () => {
    // spec 6: the organization redirect is fetched only when the member has an organization.
    if (member.data?.organizationId) {
      const url = await getExitRedirectUrl(appointmentId).catch(() => null);
      if (url && new URL(url, window.location.origin).origin !== window.location.origin) {
        window.location.assign(url);
        return;
      }
    }
    void navigate(ROUTES.home.path, { replace: true });
  };

  const handleValid = async (items: Record<string, unknown>) => {
    if (!member.data) return;
    try {
      await create.mutateAsync({ type, items, memberId: member.data.id, appointmentId });
      showToast({ variant: 'success', message: 'survey_thanks' });
    } catch (error) {
      if (!(isApiRequestError(error) && error.code === 'CONFLICT')) {
        showToast({ variant: 'warning', message: errorToastKey(error, 'survey_error') });
        return;
      }
      // Already answered (another tab): nothing to add.
    }
    await leave();
  };
  const handleInvalid = warnMissingFields;

  return (
    <Box component="form" noValidate onSubmit={(e) => void form.handleSubmit(handleValid, handleInvalid)(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }} data-testid={mental ? 'survey-mental-health' : 'survey-general'}>
      {(mental ? MENTAL_HEALTH_FIELDS : GENERAL_FIELDS).map((name) => (
        <RatingField key={name} control={form.control} name={name} />
      ))}
      {mental ? null : <TextField label={t('survey_comments')} multiline minRows={3} {...form.register('comments')} slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': 'survey-comments' } }} />}
      <Button type="submit" variant="contained" size="large" disabled={!canSubmitSurvey({ submitting, hasUser: !!member.data })} data-testid="survey-submit">
        {submitting ? t('record_loading') : t('survey_submit')}
      </Button>
      <Button onClick={() => void leave()} data-testid="survey-skip">
        {t('survey_skip')}
      </Button>
    </Box>
  );
}

/** /consulta/survey/{id} (spec 2): the provider-quality survey for mental health, else the general one (spec 6). */
export function SurveyScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const appointment = useAppointment(id);
  if (!id || appointment.isError) return <Navigate to={ROUTES.home.path} replace />;
  return (
    <Screen testId="survey-screen">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
        {t('survey_title')}
      </Typography>
      <Typography color="text.secondary">{t('survey_intro')}</Typography>
      {appointment.data ? <SurveyForm appointmentId={id} practice={appointment.data.practice} /> : <Skeleton variant="rounded" height={320} />}
    </Screen>
  );
}
