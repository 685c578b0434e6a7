import { zodResolver } from '@hookform/resolvers/zod';
import type { MemberDto } from '@puente/contracts';
import {
  birthdayIssue,
  GENDER,
  initialPathAfterLogin,
  mustAcceptTerms,
  ONBOARDING_KEYS,
  onboardingProfileSchema,
  paths,
  PREFERRED_CONTACT_METHODS,
  ROUTES,
  serviceScope,
  SEX,
  countryOfPhoneCode,
  splitFullPhoneNumber,
  toIsoDay,
  type OnboardingProfileForm,
} from '@puente/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import * as z from 'zod/mini';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { Screen } from '@/components/ui/screen';
import { errorToastKey, isApiRequestError } from '@/lib/api-client';
import { useMember } from '@/features/profile';
import { onboardingRequirements } from '@/features/profile';
import { readStorage, removeStorage, STORAGE_KEYS } from '@/lib/storage';
import { warnMissingFields } from '@/lib/scroll-to-error';
import { track } from '@/lib/track';
import { hideToast, showToast } from '@/lib/toast';
import { useUpdateMember } from '@/features/profile';
import { hasStatesFile, useCountryStates } from '@/features/profile';
import { useZipCodeLookup } from '../api/lookup-zip-code';

type Form = OnboardingProfileForm;
type Field = FieldPath<Form>;
type Requirements = ReturnType<typeof onboardingRequirements>;

/** The countries the form offers: the regions of the supported phone codes (spec 5: 1, 52, 57). */
export const ONBOARDING_COUNTRIES = ['MX', 'US', 'CO'] as const;

/**
 * The form in three steps (the spec names /induccion/crear-perfil/{stepId}; the split is ours):
 * about you, contact and location, then the confirmations. With minimal onboarding the shorter
 * form leaves out what it does not require (birthday, sex, gender, city).
 */
export const onboardingSteps = (req: Requirements): Field[][] =>
  [
    req.minimalOnboarding ? ['firstName', 'lastName'] : ['firstName', 'lastName', 'birthday', 'sex', 'gender'],
    req.minimalOnboarding
      ? ['email', 'preferredContactMethod', 'phoneNumber', 'country', 'zipCode', 'state']
      : ['email', 'preferredContactMethod', 'phoneNumber', 'country', 'zipCode', 'state', 'city'],
    [
      ...(req.requiresIdentificationNumber ? (['identificationNumber'] as const) : []),
      ...(req.requiresLabConsent ? (['labConsent'] as const) : []),
      ...(req.requiresHealthScreeningConsent ? (['healthScreeningConsent'] as const) : []),
      'legalAge',
      'tos',
    ],
  ] as Field[][];

const defaultsFrom = (m: MemberDto | undefined): Form => {
  const phone = m?.phoneNumber ? splitFullPhoneNumber(m.phoneNumber) : undefined;
  return {
    firstName: m?.firstName ?? '',
    lastName: m?.lastName ?? '',
    email: m?.email ?? '',
    preferredContactMethod: m?.preferredContactMethod ?? null,
    phoneNumber: phone?.digits ?? '',
    countryCode: phone?.countryCode ?? m?.countryCode ?? undefined,
    country: m?.address?.country ?? countryOfPhoneCode(phone?.countryCode ?? m?.countryCode) ?? '',
    state: m?.address?.state ?? '',
    city: m?.address?.city ?? '',
    zipCode: m?.address?.zipCode ?? '',
    birthday: m?.birthday !== null && m?.birthday !== undefined ? (toIsoDay(m.birthday) ?? '') : '',
    sex: m?.sex ?? null,
    gender: m?.gender ?? null,
    identificationNumber: m?.identificationNumber ?? '',
    labConsent: m?.labConsent.wasInfoProvided && m.labConsent.wasInfoProvided !== 'not_asked' ? m.labConsent.wasInfoProvided : undefined,
    healthScreeningConsent: m?.healthScreeningConsentAt ? true : false,
    legalAge: false as unknown as true,
    tos: false as unknown as true,
  };
};

/** spec 5: the email must be valid; it is required when the preferred contact method is email. */
const emailIssue = (email: string | null | undefined, method: string | null | undefined): string | undefined => {
  const value = (email ?? '').trim();
  if (value) return z.email().safeParse(value).success ? undefined : ONBOARDING_KEYS.email;
  return method === 'email' ? ONBOARDING_KEYS.emailEmpty : undefined;
};

const blankToNull = (v: string | null | undefined): string | null => (v && v.trim() ? v.trim() : null);

/** /induccion/crear-perfil/{stepId}/{qnId?}: the mandatory profile form (spec 001 §5 "Onboarding profile form"). */
export function CreateProfileScreen() {
  const member = useMember();
  if (!member.data) return <LoadingScreen />;
  return <CreateProfileForm member={member.data} />;
}

function CreateProfileForm({ member }: { member: MemberDto }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const req = useMemo(() => onboardingRequirements(member), [member]);
  const steps = useMemo(() => onboardingSteps(req), [req]);
  const stepIndex = Math.min(Math.max(Number.parseInt(params.stepId ?? '1', 10) || 1, 1), steps.length) - 1;
  // A step that does not exist (/induccion/crear-perfil/9, a stale link) shows the nearest one: its
  // address says so too (the page title is the address's step).
  const shownStep = paths.createProfileStep(stepIndex + 1);
  useEffect(() => {
    if (params.stepId !== String(stepIndex + 1)) void navigate(shownStep, { replace: true });
  }, [params.stepId, stepIndex, shownStep, navigate]);
  const update = useUpdateMember();

  const resolver: Resolver<Form> = async (values, context, options) => {
    const now = new Date();
    const timeZone = member.timeZone ?? undefined;
    const result = await zodResolver(onboardingProfileSchema({ ...req, country: values.country, now, timeZone }))(values, context, options);
    // The schema checks birthday and email in a refinement that runs only once every field is
    // valid; a person on step 1 should hear about an underage birthday on step 1.
    const errors = { ...result.errors } as Record<string, { type: string; message: string }>;
    const birthday = values.birthday;
    if (!errors.birthday && birthday !== null && birthday !== undefined && birthday !== '') {
      const problem = birthdayIssue(birthday, now, timeZone);
      if (problem) errors.birthday = { type: 'custom', message: problem };
    }
    if (!errors.email) {
      const problem = emailIssue(values.email, values.preferredContactMethod);
      if (problem) errors.email = { type: 'custom', message: problem };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<Form> } : result;
  };

  const {
    control,
    handleSubmit,
    trigger,
    watch,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<Form>({ resolver, mode: 'onTouched', shouldFocusError: true, defaultValues: defaultsFrom(member) });

  // Terms are accepted once: a member who just accepted them in the terms dialog (or did before) is
  // not asked again at step 3; the step says they are accepted instead.
  const termsAccepted = !mustAcceptTerms(member);
  useEffect(() => {
    if (termsAccepted) setValue('tos', true);
  }, [termsAccepted, setValue]);

  const country = watch('country');
  // spec 5: the email is optional unless it is how the member wants to be contacted; the label says which.
  const contactMethod = watch('preferredContactMethod');
  const stateValue = watch('state');
  const zipCode = watch('zipCode') ?? '';
  const isUs = country === 'US';
  const states = useCountryStates(country);
  const zip = useZipCodeLookup(zipCode.trim(), isUs);

  // spec 5: for the US a five-digit zip code fills state and city.
  useEffect(() => {
    if (!zip.data) return;
    setValue('state', zip.data.state, { shouldValidate: true });
    setValue('city', zip.data.city, { shouldValidate: true });
    clearErrors('zipCode');
  }, [zip.data, setValue, clearErrors]);
  useEffect(() => {
    if (zip.isError && isApiRequestError(zip.error) && zip.error.status === 404) setError('zipCode', { type: 'server', message: 'mandatory_form_zipcode_not_found' });
  }, [zip.isError, zip.error, setError]);

  const cityOptions = useMemo(() => states.data?.find((s) => s.code === stateValue || s.name === stateValue)?.cities ?? [], [states.data, stateValue]);

  const stepOf = (field: string): number => Math.max(0, steps.findIndex((fields) => fields.includes(field as Field)));
  const goToStep = (index: number) => void navigate(paths.createProfileStep(index + 1));

  const handleNext = async () => {
    const fields = steps[stepIndex] ?? [];
    // WCAG 3.3.1: the focus moves to the first field in error (as handleSubmit's shouldFocusError does on the last step).
    if (await trigger(fields, { shouldFocus: true })) {
      hideToast();
      void track('profile_step_completed', { step: stepIndex + 1 });
      goToStep(stepIndex + 1);
    } else warnMissingFields();
  };

  const handleValid = async (form: Form) => {
    const address = {
      country: form.country.trim().toUpperCase(),
      state: blankToNull(form.state),
      city: blankToNull(form.city),
      zipCode: isUs ? blankToNull(form.zipCode ?? null) : null,
    };
    const data: Record<string, unknown> = {
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      address,
    };
    const email = blankToNull(form.email);
    if (email) data.email = email;
    if (form.preferredContactMethod) data.preferredContactMethod = form.preferredContactMethod;
    const birthday = typeof form.birthday === 'string' ? blankToNull(form.birthday) : form.birthday;
    if (birthday !== null && birthday !== undefined) data.birthday = birthday;
    if (form.sex) data.sex = form.sex;
    if (form.gender) data.gender = form.gender;
    const idNumber = blankToNull(form.identificationNumber);
    if (idNumber) data.identificationNumber = idNumber;
    if (form.labConsent === 'provided_yes' || form.labConsent === 'provided_no') data.labConsent = { wasInfoProvided: form.labConsent };
    if (form.healthScreeningConsent === true) data.healthScreeningConsent = true;

    let saved: MemberDto;
    try {
      saved = await update.mutateAsync({ memberId: member.id, data });
    } catch (error) {
      if (isApiRequestError(error) && error.fields) {
        for (const [field, key] of Object.entries(error.fields)) setError(field.split('.')[0] as Field, { type: 'server', message: key });
        const first = Object.keys(error.fields)[0]?.split('.')[0];
        if (first) goToStep(stepOf(first));
        warnMissingFields();
        return;
      }
      showToast({ variant: 'error', message: errorToastKey(error, 'onboarding_save_error') });
      return;
    }
    hideToast();
    // The last step is complete once the profile is saved.
    void track('profile_step_completed', { step: steps.length });
    // Outside full-care places the member learns first what Puente can and cannot do there (spec 1/6).
    if (serviceScope({ country: saved.address?.country, state: saved.address?.state }) === 'coaching-only') {
      void navigate(ROUTES.limitedServices.path, { replace: true, state: { comesFromRegistrationForm: true } });
      return;
    }
    const to = initialPathAfterLogin({
      authenticated: true,
      preOnboardingDone: true,
      member: saved,
      minimalOnboarding: req.minimalOnboarding,
      goAfterOnboardingPath: readStorage(STORAGE_KEYS.goAfterOnboarding),
      loginless: false,
    });
    removeStorage(STORAGE_KEYS.goAfterOnboarding);
    void navigate(to, { replace: true });
  };

  const handleInvalid = (formErrors: FieldErrors<Form>) => {
    warnMissingFields();
    const first = Object.keys(formErrors)[0];
    if (first && stepOf(first) !== stepIndex) goToStep(stepOf(first));
  };

  const fieldError = (name: Field): string | undefined => {
    const message = (errors as Record<string, { message?: string } | undefined>)[name]?.message;
    return message ? t(message) : undefined;
  };

  // A field marked by Continue (before anyone left it) clears its error as soon as it is fixed.
  const change = (name: Field, onChange: (value: unknown) => void, value: unknown) => {
    onChange(value);
    if ((errors as Record<string, unknown>)[name]) void trigger(name);
  };

  const visible = new Set(steps[stepIndex]);
  const isLast = stepIndex === steps.length - 1;
  const statesList = states.data ?? [];

  const textField = (name: Field, label: string, extra: { type?: string; inputMode?: 'numeric' | 'email' | 'text'; readOnly?: boolean; autoComplete?: string; helper?: ReactNode; maxLength?: number } = {}) =>
    visible.has(name) ? (
      <Controller
        key={name}
        name={name}
        control={control}
        render={({ field }) => (
          <TextField
            label={label}
            type={extra.type ?? 'text'}
            value={(field.value as string | null | undefined) ?? ''}
            onChange={(e) => change(name, field.onChange, e.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldError(name) !== undefined}
            helperText={fieldError(name) ?? extra.helper ?? ' '}
            slotProps={{
              inputLabel: extra.type === 'date' ? { shrink: true } : undefined,
              htmlInput: { 'data-testid': `field-${name}`, inputMode: extra.inputMode, readOnly: extra.readOnly, autoComplete: extra.autoComplete, maxLength: extra.maxLength },
            }}
            fullWidth
          />
        )}
      />
    ) : null;

  const selectField = (name: Field, label: string, options: readonly { value: string; label: string }[], emptyLabel = 'onboarding_choose') =>
    visible.has(name) ? (
      <Controller
        key={name}
        name={name}
        control={control}
        render={({ field }) => (
          <TextField
            select
            label={label}
            value={(field.value as string | null | undefined) ?? ''}
            onChange={(e) => change(name, field.onChange, e.target.value === '' ? null : e.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldError(name) !== undefined}
            helperText={fieldError(name) ?? ' '}
            slotProps={{ htmlInput: { 'data-testid': `field-${name}` }, select: { native: true }, inputLabel: { shrink: true } }}
            fullWidth
          >
            <option value="">{t(emptyLabel)}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </TextField>
        )}
      />
    ) : null;

  const checkboxField = (name: 'legalAge' | 'tos' | 'healthScreeningConsent', label: ReactNode) =>
    visible.has(name) ? (
      <Controller
        key={name}
        name={name}
        control={control}
        render={({ field }) => (
          <FormControl error={fieldError(name) !== undefined}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value === true}
                  onChange={(e) => change(name, field.onChange, e.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{
                    input: {
                      // react-hook-form focuses the first field in error on submit: it needs the input.
                      ref: field.ref,
                      'data-testid': `field-${name}`,
                      'aria-invalid': fieldError(name) !== undefined || undefined,
                      // WCAG 3.3.1/4.1.3: the error is tied to the checkbox and announced when it appears.
                      'aria-describedby': fieldError(name) ? `field-${name}-error` : undefined,
                    } as React.InputHTMLAttributes<HTMLInputElement>,
                  }}
                />
              }
              label={label}
            />
            {fieldError(name) ? (
              <FormHelperText id={`field-${name}-error`} role="alert">
                {fieldError(name)}
              </FormHelperText>
            ) : null}
          </FormControl>
        )}
      />
    ) : null;

  const titles = ['onboarding_step1_title', 'onboarding_step2_title', 'onboarding_step3_title'];

  // The privacy notice and the notice of privacy practices, linked whether or not the terms are still to accept.
  const legalLinks = (
    <>
      <Link component={RouterLink} to={ROUTES.privacyNotice.path} target="_blank" rel="noopener">
        {t('onboarding_tos_link')}
      </Link>{' '}
      {t('onboarding_tos_and')}{' '}
      <Link component={RouterLink} to={ROUTES.privacyPractices.path} target="_blank" rel="noopener">
        {t('onboarding_tos_practices_link')}
      </Link>
    </>
  );

  return (
    <Screen testId="create-profile-screen">
      <Box>
        <Typography variant="overline" color="text.secondary" data-testid="onboarding-step">
          {t('onboarding_step_of', { step: stepIndex + 1, total: steps.length })}
        </Typography>
        <LinearProgress aria-label={t('onboarding_step_of', { step: stepIndex + 1, total: steps.length })} variant="determinate" value={((stepIndex + 1) / steps.length) * 100} sx={{ borderRadius: 4, height: 6, mb: 2 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t(titles[stepIndex] ?? 'onboarding_step1_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t(req.minimalOnboarding && stepIndex === 0 ? 'onboarding_minimal_subtitle' : `${titles[stepIndex] ?? 'onboarding_step1_title'}_subtitle`)}
        </Typography>
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (isLast) void handleSubmit(handleValid, handleInvalid)(e);
          else void handleNext();
        }}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {textField('firstName', t('onboarding_first_name'), { autoComplete: 'given-name' })}
        {textField('lastName', t('onboarding_last_name'), { autoComplete: 'family-name' })}
        {textField('birthday', t('onboarding_birthday'), { type: 'date', autoComplete: 'bday' })}
        {selectField('sex', t('onboarding_sex'), SEX.map((v) => ({ value: v, label: t(`onboarding_sex_${v}`) })), 'onboarding_optional_choose')}
        {selectField('gender', t('onboarding_gender'), GENDER.map((v) => ({ value: v, label: t(`onboarding_gender_${v}`) })), 'onboarding_optional_choose')}

        {textField('email', contactMethod === 'email' ? t('onboarding_email') : t('onboarding_email_optional'), { type: 'email', inputMode: 'email', autoComplete: 'email', helper: t('onboarding_email_helper') })}
        {selectField('preferredContactMethod', t('onboarding_contact_method'), PREFERRED_CONTACT_METHODS.map((v) => ({ value: v, label: t(`onboarding_contact_${v}`) })))}
        {textField('phoneNumber', t('onboarding_phone'), { inputMode: 'numeric', readOnly: true, helper: t('onboarding_phone_helper') })}
        {visible.has('country') ? (
          <Controller
            name="country"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label={t('onboarding_country')}
                value={field.value ?? ''}
                onChange={(e) => {
                  field.onChange(e.target.value);
                  // A new country: its states and cities are different.
                  setValue('state', '');
                  setValue('city', '');
                  if (e.target.value !== 'US') setValue('zipCode', '');
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldError('country') !== undefined}
                helperText={fieldError('country') ?? ' '}
                slotProps={{ htmlInput: { 'data-testid': 'field-country' }, select: { native: true }, inputLabel: { shrink: true } }}
                fullWidth
              >
                <option value="">{t('onboarding_choose')}</option>
                {ONBOARDING_COUNTRIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`onboarding_country_${c.toLowerCase()}`)}
                  </option>
                ))}
              </TextField>
            )}
          />
        ) : null}
        {isUs ? textField('zipCode', t('onboarding_zip_code'), { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 5, helper: zip.isFetching ? t('onboarding_zip_looking_up') : t('onboarding_zip_helper') }) : null}
        {visible.has('state') && country
          ? hasStatesFile(country)
            ? selectField(
                'state',
                isUs ? t('onboarding_state') : t('onboarding_state_optional'),
                statesList.map((s) => ({ value: isUs ? s.code : s.name, label: s.name })),
              )
            : textField('state', t('onboarding_state_optional'))
          : null}
        {visible.has('city') && country ? (
          <Controller
            name="city"
            control={control}
            render={({ field }) => (
              // spec 5 (location form): the city may be a new free entry; the list only helps.
              <Autocomplete
                freeSolo
                options={cityOptions}
                value={field.value ?? ''}
                inputValue={field.value ?? ''}
                onInputChange={(_e, value) => field.onChange(value)}
                onChange={(_e, value) => field.onChange(value ?? '')}
                renderInput={(p) => (
                  <TextField
                    {...p}
                    label={isUs && !req.minimalOnboarding ? t('onboarding_city') : t('onboarding_city_optional')}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={fieldError('city') !== undefined}
                    helperText={fieldError('city') ?? ' '}
                    slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': 'field-city' } }}
                  />
                )}
              />
            )}
          />
        ) : null}

        {textField('identificationNumber', t('onboarding_identification_number'))}
        {visible.has('labConsent') ? (
          <Controller
            name="labConsent"
            control={control}
            render={({ field }) => (
              <FormControl error={fieldError('labConsent') !== undefined} sx={{ mb: 1 }}>
                <FormLabel id="lab-consent-label">{t('onboarding_lab_consent')}</FormLabel>
                <RadioGroup aria-labelledby="lab-consent-label" value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value)}>
                  <FormControlLabel value="provided_yes" control={<Radio slotProps={{ input: { ref: field.ref, 'data-testid': 'lab-consent-yes' } as React.InputHTMLAttributes<HTMLInputElement> }} />} label={t('onboarding_lab_consent_yes')} />
                  <FormControlLabel value="provided_no" control={<Radio slotProps={{ input: { 'data-testid': 'lab-consent-no' } as React.InputHTMLAttributes<HTMLInputElement> }} />} label={t('onboarding_lab_consent_no')} />
                </RadioGroup>
                {fieldError('labConsent') ? <FormHelperText>{fieldError('labConsent')}</FormHelperText> : null}
              </FormControl>
            )}
          />
        ) : null}
        {checkboxField('healthScreeningConsent', t('onboarding_health_screening_consent'))}
        {checkboxField('legalAge', t('onboarding_legal_age'))}
        {termsAccepted && visible.has('tos') ? (
          <Typography variant="body2" color="text.secondary" data-testid="onboarding-tos-accepted">
            {t('onboarding_tos_already_accepted')}{' '}
            {legalLinks}
          </Typography>
        ) : (
          checkboxField(
            'tos',
            <span>
              {t('onboarding_tos_prefix')}{' '}
              {legalLinks}
            </span>,
          )
        )}

        <Box sx={{ display: 'flex', gap: 1.5, mt: 1 }}>
          {stepIndex > 0 ? (
            <Button variant="outlined" size="large" onClick={() => goToStep(stepIndex - 1)} data-testid="onboarding-back" sx={{ flex: 1 }}>
              {t('back')}
            </Button>
          ) : null}
          <Button type="submit" variant="contained" size="large" disabled={update.isPending} data-testid={isLast ? 'onboarding-submit' : 'onboarding-next'} sx={{ flex: 2 }}>
            {isLast ? (update.isPending ? t('loading') : t('onboarding_finish')) : t('continue')}
          </Button>
        </Box>
      </Box>
    </Screen>
  );
}
