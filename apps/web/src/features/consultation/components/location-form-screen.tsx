import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MemberDto } from '@puente/contracts';
import { buildPath, CALENDAR, countryOfPhoneCode, errorMessageKey, intakeStepNumber, intakeSteps, locationConfirmationRoute, locationFormSchema, serviceScope, showsCrisisPath, type LocationForm } from '@puente/domain';
import { useEffect, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { CrisisHelp } from '@/components/ui/crisis-help';
import { Screen } from '@/components/ui/screen';
import { isApiRequestError } from '@/lib/api-client';
import { useMember } from '@/features/profile';
import { track } from '@/lib/track';
import { memberAddress } from '@/features/profile';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { getTimeZone } from '@/lib/time-zone';
import { warnMissingFields } from '@/lib/scroll-to-error';
import { showToast } from '@/lib/toast';
import { hideLoading, showLoading } from '@/lib/ui-store';
import { useCreateAppointment } from '../api/create-appointment';
import { useCountryStates } from '@/features/profile';
import { takePendingSymptomPhotos, uploadSymptomPhotos } from '../symptom-photos';
import { currentLanguage } from '@/lib/i18n';
import { requestOrDefault } from '../hooks/use-consultation-request';

const LIMITED_SERVICES = buildPath('limitedServices');
const VIDEO_CALL = buildPath('videoCall');

/** The member's country: the profile address, else the phone's country code, else Mexico. */
export const memberCountry = (member: MemberDto | undefined): string =>
  (memberAddress(member)?.country ?? countryOfPhoneCode(member?.countryCode) ?? 'MX').toUpperCase();

/**
 * /consulta/llenado-de-informacion: confirm state and city (spec 5 location form: both required; a
 * new city may be typed). Then the service scope decides (spec 1/6) and the appointment is created
 * with the spec defaults; the member goes to the waiting room.
 */
export function LocationFormScreen() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const navigate = useNavigate();
  const member = useMember();
  const country = memberCountry(member.data);
  const states = useCountryStates(country);
  const create = useCreateAppointment();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const address = memberAddress(member.data);
  const sameCountry = (address?.country ?? country).toUpperCase() === country;

  const {
    control,
    handleSubmit,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LocationForm>({
    resolver: zodResolver(locationFormSchema),
    mode: 'onTouched',
    defaultValues: { state: '', city: '' },
  });
  const chosenState = useWatch({ control, name: 'state' });

  const stateList = states.data ?? null;
  // Prefill from the profile once it is known (spec 9 default state CA for the US); with a list,
  // the profile's state is matched by code or name (CDMX is "Ciudad de México" in the list).
  const profileState = sameCountry ? (address?.state ?? (country === 'US' ? CALENDAR.defaultState : '')) : '';
  const listed = stateList?.find((s) => [s.code, s.name].some((v) => v.toLowerCase() === profileState.toLowerCase()) || (profileState === 'CDMX' && s.name === 'Ciudad de México'));
  const prefillState = stateList ? (listed?.code ?? '') : profileState;
  const prefillCity = sameCountry ? (address?.city ?? '') : '';
  useEffect(() => {
    reset({ state: prefillState, city: prefillCity });
  }, [prefillState, prefillCity, reset]);

  const cities = stateList?.find((s) => s.code === chosenState || s.name === chosenState)?.cities ?? [];

  const handleValid = async (form: LocationForm) => {
    const where = { country, state: form.state.trim(), city: form.city.trim() };
    // spec 6: non-US members without availability go to the limited-services screen; US members
    // outside the full-care states continue with coaching only.
    if (country !== 'US' && locationConfirmationRoute(where) === 'limited-services') {
      void navigate(LIMITED_SERVICES, { state: { comesFromRegistrationForm: false } });
      return;
    }
    const request = requestOrDefault(language);
    showLoading();
    try {
      // issue 11: the place is confirmed here; the call does not ask it again (stored before the
      // create, whose S1 alert can open the call before it answers).
      writeStorage(STORAGE_KEYS.locationConfirmed, JSON.stringify(where));
      const created = await create.mutateAsync({
        practice: request.practice,
        language: request.language ?? member.data?.consultationLang ?? undefined,
        topic: { topicId: request.topicId, topicText: request.topicText, subtopicId: request.subtopicId ?? null, subtopicText: request.subtopicText ?? null },
        selfAssessment: request.selfAssessment ?? null,
        location: where,
        timezone: getTimeZone(),
        ...(request.physicianId ? { mxDoctorId: request.physicianId } : {}),
      });
      // The practice only: never the topic, the self-assessment or the place (health data).
      void track('consultation_requested', { practice: request.practice });
      // spec 3: the self-assessment's photos go into the consultation's chat (in the background).
      const photos = takePendingSymptomPhotos();
      if (photos.length > 0) {
        void uploadSymptomPhotos(created.id, photos).then((refused) => {
          if (refused > 0) showToast({ variant: 'warning', message: 'self_assessment_photos_failed' });
        });
      }
      // Create routes once: if the S1 alert already took the member to the call (it can arrive
      // before this answer), this screen is gone and does not navigate again.
      if (mounted.current) void navigate(VIDEO_CALL, { replace: true });
    } catch (error) {
      if (!isApiRequestError(error)) throw error;
      showToast({ variant: 'error', message: error.isNetworkError ? 'error_network' : errorMessageKey(error.code) });
    } finally {
      hideLoading();
    }
  };

  const handleInvalid = warnMissingFields;
  const coachingOnly = country === 'US' && chosenState.trim() !== '' && serviceScope({ country, state: chosenState }) === 'coaching-only';

  return (
    <Screen testId="location-form-screen">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton aria-label={t('back')} onClick={() => void navigate(buildPath('availableCoaches'))} edge="start">
          <ArrowBack />
        </IconButton>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {t('location_title')}
        </Typography>
      </Box>
      <Typography variant="overline" data-testid="location-step-number">
        {t('vc_step', intakeStepNumber(intakeSteps({ locationConfirmedBeforeCall: true }), 'location'))}
      </Typography>
      <Typography color="text.secondary">{t('location_subtitle')}</Typography>
      {/* issue 11: the crisis path is reachable from the mental-health intake. */}
      {showsCrisisPath(requestOrDefault(language).practice) ? <CrisisHelp country={country} /> : null}

      <Box component="form" noValidate onSubmit={(e) => void handleSubmit(handleValid, handleInvalid)(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Controller
          control={control}
          name="state"
          render={({ field }) =>
            stateList ? (
              <TextField
                select
                label={t('location_state_label')}
                value={field.value}
                onChange={(e) => {
                  field.onChange(e.target.value);
                  setValue('city', '');
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={errors.state !== undefined}
                helperText={errors.state?.message ? t(errors.state.message) : undefined}
                slotProps={{ htmlInput: { 'data-testid': 'location-state' } }}
              >
                {stateList.map((s) => (
                  <MenuItem key={s.code} value={s.code}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                label={t('location_state_label')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                error={errors.state !== undefined}
                helperText={errors.state?.message ? t(errors.state.message) : undefined}
                slotProps={{ htmlInput: { 'data-testid': 'location-state', maxLength: 60 } }}
              />
            )
          }
        />
        <Controller
          control={control}
          name="city"
          render={({ field }) => (
            <Autocomplete
              freeSolo
              options={cities}
              inputValue={field.value}
              onInputChange={(_e, value) => field.onChange(value)}
              onChange={(_e, value) => field.onChange(value ?? '')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('location_city_label')}
                  name={field.name}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={errors.city !== undefined}
                  helperText={errors.city?.message ? t(errors.city.message) : t('location_city_helper')}
                  slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'location-city', maxLength: 120 } }}
                />
              )}
            />
          )}
        />
        {coachingOnly ? (
          <Alert severity="info" data-testid="coaching-only-notice">
            {t('location_coaching_only')}
          </Alert>
        ) : null}
        <Button type="submit" size="large" variant="contained" disabled={isSubmitting || create.isPending} data-testid="location-submit">
          {t('location_submit')}
        </Button>
      </Box>
    </Screen>
  );
}
