import { zodResolver } from '@hookform/resolvers/zod';
import { addDependantSchema, LANGUAGES, ROUTES, SUPPORTED_PHONE_CODES, type AddDependantForm, type SupportedPhoneCode } from '@puente/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import type * as z from 'zod/mini';
import { PhoneNumberFields } from '@/components/ui/phone-number-fields';
import { Screen } from '@/components/ui/screen';
import { useMember } from '@/features/profile';
import { isApiRequestError } from '@/lib/api-client';
import { scrollToFirstError, warnMissingFields } from '@/lib/scroll-to-error';
import { showToast } from '@/lib/toast';
import { useSubmitDisabled } from '@/lib/use-stale-submit';
import { useAddDependants, useDependants } from '../api/dependants';
import { ScreenHeader } from '@/components/ui/screen-header';
import { FamilyNotIncluded, isFamilyNotIncluded } from './family-not-included';

type FormInput = z.input<typeof addDependantSchema>;
type FormOutput = z.output<typeof addDependantSchema>;
const FIELDS = ['alias', 'countryCode', 'phoneNumber', 'preferredLang'] as const;

/**
 * /dependants/add: alias required, 10-digit phone, es or en (spec 5); the invitation is texted on save.
 * Opened where it cannot work (a link, the browser's history): a plan without family places, or a
 * dependant herself, is told so with no form (as /dependants says); a plan with no place left goes
 * to /dependants/no-available-slots, as its add button does.
 */
export function AddDependantScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const member = useMember().data;
  const list = useDependants(member?.id);
  const add = useAddDependants(member?.id);
  const submitDisabled = useSubmitDisabled(add.isPending);
  const ownCode = member?.countryCode ?? '';
  const defaultCode: SupportedPhoneCode = (SUPPORTED_PHONE_CODES as readonly string[]).includes(ownCode) ? (ownCode as SupportedPhoneCode) : '52';
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(addDependantSchema),
    mode: 'onTouched',
    defaultValues: { alias: '', countryCode: defaultCode, phoneNumber: '', preferredLang: i18n.language === 'en' ? 'en' : 'es' } satisfies AddDependantForm,
  });

  const notIncluded = isFamilyNotIncluded(list.error) || isFamilyNotIncluded(add.error);

  const onValid = async (form: FormOutput) => {
    try {
      await add.mutateAsync([form]);
      void navigate(ROUTES.dependantInvitationSent.path, { state: { alias: form.alias } });
    } catch (error) {
      if (isFamilyNotIncluded(error)) return; // the plan has no family places: said on the screen
      if (isApiRequestError(error) && error.code === 'LIMIT_EXCEEDED') {
        void navigate(ROUTES.dependantsNoSlots.path);
        return;
      }
      if (isApiRequestError(error) && error.code === 'INVALID_DATA' && error.fields) {
        for (const [path, key] of Object.entries(error.fields)) {
          const field = FIELDS.find((f) => path === f || path.endsWith(`.${f}`));
          if (field) setError(field, { type: 'server', message: key });
        }
        // The field says what is wrong (a number already invited): nothing is missing, so no
        // missing-fields warning; it takes the focus, as a field the form refused does.
        scrollToFirstError();
        return;
      }
      showToast({ variant: 'error', message: isApiRequestError(error) && error.isNetworkError ? 'error_network' : 'dependants_action_error' });
    }
  };

  if (list.data?.slotsLeft === 0) return <Navigate to={ROUTES.dependantsNoSlots.path} replace />;
  if (notIncluded) {
    return (
      <Screen testId="add-dependant-screen">
        <ScreenHeader title={t('add_dependant_title')} backTo={ROUTES.dependants.path} />
        <FamilyNotIncluded />
      </Screen>
    );
  }
  return (
    <Screen testId="add-dependant-screen">
      <ScreenHeader title={t('add_dependant_title')} backTo={ROUTES.dependants.path} />
      <Typography color="text.secondary">{t('add_dependant_intro')}</Typography>
      <Box component="form" noValidate onSubmit={(e) => void handleSubmit(onValid, warnMissingFields)(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextField
          label={t('add_dependant_alias_label')}
          {...register('alias')}
          error={errors.alias !== undefined}
          helperText={errors.alias?.message ? t(errors.alias.message) : ' '}
          slotProps={{ htmlInput: { 'data-testid': 'dependant-alias', maxLength: 60 } }}
        />
        <PhoneNumberFields
          countryField={register('countryCode')}
          phoneField={register('phoneNumber')}
          phoneLabelKey="add_dependant_phone_label"
          countryErrorKey={errors.countryCode?.message}
          phoneErrorKey={errors.phoneNumber?.message}
          testIds={{ country: 'dependant-country', phone: 'dependant-phone' }}
        />
        <Controller
          control={control}
          name="preferredLang"
          render={({ field }) => (
            <FormControl error={errors.preferredLang !== undefined}>
              <FormLabel id="dependant-lang-label">{t('add_dependant_lang_label')}</FormLabel>
              <RadioGroup row aria-labelledby="dependant-lang-label" name={field.name} value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur}>
                {LANGUAGES.map((lang) => (
                  <FormControlLabel key={lang} value={lang} control={<Radio slotProps={{ input: { 'data-testid': `dependant-lang-${lang}` } as object }} />} label={t(lang === 'en' ? 'dependants_lang_en' : 'dependants_lang_es')} />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
        <Button type="submit" size="large" variant="contained" disabled={submitDisabled} data-testid="dependant-submit">
          {t('add_dependant_submit')}
        </Button>
      </Box>
    </Screen>
  );
}
