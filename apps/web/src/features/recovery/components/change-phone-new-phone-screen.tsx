import { zodResolver } from '@hookform/resolvers/zod';
import {
  PHONE,
  PHONE_MESSAGE_KEYS,
  recoveryNewPhoneFormSchema,
  toFullPhoneNumber,
  type RecoveryNewPhoneForm,
  buildPath,
} from '@puente/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { HelpDrawer } from '@/features/configs';
import { Screen } from '@/components/ui/screen';
import { isApiRequestError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { clearResetToken, readResetToken } from '../phone-change';
import { supportLink, usePublicConfig } from '@/features/configs';
import { ROUTES } from '@/lib/routes';
import { scrollToFirstError } from '@/lib/scroll-to-error';
import { hideToast, showToast } from '@/lib/toast';
import { usePhoneTaken } from '../api/phone-taken';
import { useRequestNewPhoneCode } from '../api/request-new-phone-code';
import { EntryHeader } from '@/components/ui/entry-header';
import { PhoneNumberFields } from '@/components/ui/phone-number-fields';


/** /change-phone/new-phone (step 2): the new phone gets a code; verifying it moves the account. */
export function ChangePhoneNewPhoneScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const [resetToken] = useState(readResetToken);
  const config = usePublicConfig();
  const taken = usePhoneTaken();
  const requestCode = useRequestNewPhoneCode();

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RecoveryNewPhoneForm>({
    resolver: zodResolver(recoveryNewPhoneFormSchema),
    mode: 'onTouched',
    defaultValues: { countryCode: PHONE.defaultCountryCode, phoneNumber: '' },
  });
  const countryField = register('countryCode');
  const phoneField = register('phoneNumber');

  if (!resetToken) return <Navigate to={buildPath('changePhoneRecovery')} replace />;

  const handleExpired = () => {
    clearResetToken();
    showToast({ variant: 'warning', message: 'recovery_reset_expired' });
    void navigate(buildPath('changePhoneRecovery'), { replace: true });
  };

  const handleValid = async (form: RecoveryNewPhoneForm) => {
    const phoneNumber = toFullPhoneNumber(form.countryCode, form.phoneNumber);
    try {
      if ((await taken.mutateAsync({ phoneNumber, resetToken })).taken) {
        // spec 8: phone_number_taken with the action phone_number_taken_action, a link to support.
        setError('phoneNumber', { type: 'server', message: PHONE_MESSAGE_KEYS.phoneTaken });
        scrollToFirstError();
        showToast({
          variant: 'warning',
          message: PHONE_MESSAGE_KEYS.phoneTaken,
          action: config.data ? { label: PHONE_MESSAGE_KEYS.phoneTakenAction, href: supportLink(config.data.companyPhones, form.countryCode, t('phone_number_taken_support_text')) } : undefined,
        });
        return;
      }
      await requestCode.mutateAsync({ phoneNumber, resetToken, language: currentLanguage(i18n) });
      hideToast();
      void navigate(ROUTES.verifyPhoneNumber);
    } catch (error) {
      if (isApiRequestError(error) && (error.status === 401 || error.code === 'TOKEN_INVALID')) {
        handleExpired();
        return;
      }
      if (isApiRequestError(error) && error.reason === 'resend-too-soon') {
        showToast({ variant: 'warning', message: 'error_limit_exceeded' });
        return;
      }
      console.error('new phone failed', error);
      showToast({ variant: 'warning', message: 'change_phone_screen_toast_error_other' });
    }
  };

  const handleInvalid = (formErrors: FieldErrors<RecoveryNewPhoneForm>) => {
    showToast({ variant: 'warning', message: formErrors.phoneNumber?.message ?? formErrors.countryCode?.message ?? 'recovery_new_phone_required' });
  };

  return (
    <Screen testId="change-phone-new-phone-screen">
      <EntryHeader onBack={() => void navigate(buildPath('changePhoneRecovery'))} onHelp={() => setHelpOpen(true)} />
      <Box>
        <Typography variant="overline" color="text.secondary">
          {t('recovery_step', { step: 2, total: 2 })}
        </Typography>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('recovery_new_phone_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('recovery_new_phone_subtitle')}
        </Typography>
      </Box>
      <Box component="form" noValidate onSubmit={(e) => void handleSubmit(handleValid, handleInvalid)(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <PhoneNumberFields
          countryField={countryField}
          phoneField={phoneField}
          phoneLabelKey="recovery_new_phone_label"
          phoneErrorKey={errors.phoneNumber?.message}
          phoneHelpKey={PHONE_MESSAGE_KEYS.recoveryNewPhoneAssistive}
          testIds={{ country: 'new-phone-country-code', phone: 'new-phone-input' }}
        />
        <Button type="submit" size="large" variant="contained" disabled={taken.isPending || requestCode.isPending} data-testid="new-phone-submit">
          {t('continue')}
        </Button>
      </Box>
      <HelpDrawer open={helpOpen} onClose={() => setHelpOpen(false)} />
    </Screen>
  );
}
