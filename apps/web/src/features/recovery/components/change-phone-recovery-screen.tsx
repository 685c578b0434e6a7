import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTH,
  changePhoneRecoveryFormSchema,
  changePhoneToastKey,
  PHONE,
  toFullPhoneNumber,
  type ChangePhoneRecoveryForm,
  buildPath,
} from '@puente/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { HelpDrawer } from '@/features/configs';
import { BottomDrawer } from '@/components/ui/bottom-drawer';
import { Screen } from '@/components/ui/screen';
import { isApiRequestError } from '@/lib/api-client';
import { storeResetToken } from '../phone-change';
import { ROUTES } from '@/lib/routes';
import { scrollToFirstError } from '@/lib/scroll-to-error';
import { hideToast, showToast } from '@/lib/toast';
import { useResetWithRecoveryCode } from '../api/reset-with-recovery-code';
import { useSendRecoveryCode } from '../api/send-recovery-code';
import { EntryHeader } from '@/components/ui/entry-header';
import { PhoneNumberFields } from '@/components/ui/phone-number-fields';


const mmss = (ms: number): string => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** A button that stays disabled until `until` (epoch ms), showing m:ss (spec 9: 2 minutes). */
const useWaitUntil = (until: number | null): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null || until <= Date.now()) return undefined;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [until]);
  return until === null ? 0 : Math.max(0, until - now);
};

/** /change-phone/recovery (step 1): previous phone and recovery code -> resetToken. */
export function ChangePhoneRecoveryScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const [codeHelpOpen, setCodeHelpOpen] = useState(false);
  const [sendAgainAt, setSendAgainAt] = useState<number | null>(null);
  const wait = useWaitUntil(sendAgainAt);
  const reset = useResetWithRecoveryCode();
  const send = useSendRecoveryCode();

  const {
    register,
    handleSubmit,
    setError,
    getValues,
    trigger,
    formState: { errors },
  } = useForm<ChangePhoneRecoveryForm>({
    resolver: zodResolver(changePhoneRecoveryFormSchema),
    mode: 'onTouched', // spec 5: validation runs on touch
    defaultValues: { countryCode: PHONE.defaultCountryCode, phoneNumber: '', recoveryCode: '' },
  });
  const countryField = register('countryCode');
  const phoneField = register('phoneNumber');
  const codeField = register('recoveryCode');

  const handleValid = async (form: ChangePhoneRecoveryForm) => {
    try {
      const { resetToken } = await reset.mutateAsync({ phoneNumber: toFullPhoneNumber(form.countryCode, form.phoneNumber), recoveryCode: form.recoveryCode });
      storeResetToken(resetToken);
      hideToast();
      void navigate(buildPath('changePhoneNewPhone'));
    } catch (error) {
      if (isApiRequestError(error) && error.code === 'LIMIT_EXCEEDED') {
        showToast({ variant: 'warning', message: 'error_limit_exceeded' });
        return;
      }
      if (isApiRequestError(error) && error.fields?.recoveryCode) {
        setError('recoveryCode', { type: 'server', message: error.fields.recoveryCode });
        showToast({ variant: 'warning', message: error.fields.recoveryCode });
        scrollToFirstError();
        return;
      }
      showToast({ variant: 'warning', message: 'change_phone_screen_toast_error_other' });
    }
  };

  // spec 5: on submit, invalid fields show a warning toast for 10 s.
  const handleInvalid = (formErrors: FieldErrors<ChangePhoneRecoveryForm>) => {
    const keys = [formErrors.countryCode?.message, formErrors.phoneNumber?.message, formErrors.recoveryCode?.message].filter((k): k is string => !!k);
    showToast({ variant: 'warning', message: changePhoneToastKey(keys) });
  };

  const handleSendCode = async () => {
    if (!(await trigger(['countryCode', 'phoneNumber']))) {
      showToast({ variant: 'warning', message: 'change_phone_screen_toast_error_phone' });
      return;
    }
    const { countryCode, phoneNumber } = getValues();
    // spec 9: disabled 2 minutes from the press; the server answers the same for any phone.
    setSendAgainAt(Date.now() + AUTH.resendWaitMs);
    try {
      const res = await send.mutateAsync(toFullPhoneNumber(countryCode, phoneNumber));
      setSendAgainAt(Date.parse(res.availableAt) || Date.now() + AUTH.resendWaitMs);
      showToast({ variant: 'success', message: 'recovery_send_code_sent' });
    } catch (error) {
      // spec 8: a send failure is logged and the button re-enables.
      console.error('send recovery code failed', error);
      if (isApiRequestError(error) && error.reason === 'resend-too-soon') {
        setSendAgainAt(Date.now() + (error.retryAfterSeconds ?? 0) * 1000);
        return;
      }
      setSendAgainAt(null);
      showToast({ variant: 'warning', message: 'recovery_send_code_error' });
    }
  };

  return (
    <Screen testId="change-phone-recovery-screen">
      <EntryHeader onBack={() => void navigate(ROUTES.login)} onHelp={() => setCodeHelpOpen(true)} />
      <Box>
        <Typography variant="overline" color="text.secondary">
          {t('recovery_step', { step: 1, total: 2 })}
        </Typography>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('recovery_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('recovery_subtitle')}
        </Typography>
      </Box>
      <Box component="form" noValidate onSubmit={(e) => void handleSubmit(handleValid, handleInvalid)(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <PhoneNumberFields
          countryField={countryField}
          phoneField={phoneField}
          phoneLabelKey="recovery_previous_phone_label"
          phoneErrorKey={errors.phoneNumber?.message}
          testIds={{ country: 'recovery-country-code', phone: 'recovery-phone-input' }}
        />
        <TextField
          label={t('recovery_code_label')}
          error={errors.recoveryCode !== undefined}
          helperText={errors.recoveryCode?.message ? t(errors.recoveryCode.message) : ' '}
          name={codeField.name}
          onChange={(e) => void codeField.onChange(e)}
          onBlur={(e) => void codeField.onBlur(e)}
          inputRef={codeField.ref}
          slotProps={{ htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', 'data-testid': 'recovery-code-input' } }}
        />
        <Button type="submit" size="large" variant="contained" disabled={reset.isPending} data-testid="recovery-submit">
          {t('continue')}
        </Button>
      </Box>
      <Button variant="text" color="secondary" onClick={() => void handleSendCode()} disabled={wait > 0 || send.isPending} data-testid="recovery-send-code" data-remaining={mmss(wait)}>
        {wait > 0 ? t('recovery_send_code_wait', { time: mmss(wait) }) : t('recovery_send_code')}
      </Button>
      <Button variant="outlined" color="secondary" onClick={() => setHelpOpen(true)} data-testid="recovery-get-help">
        {t('recovery_get_help')}
      </Button>
      <BottomDrawer open={codeHelpOpen} onClose={() => setCodeHelpOpen(false)} title={t('recovery_code_help_title')} testId="recovery-code-help">
        <Typography color="text.secondary">{t('recovery_code_help_body')}</Typography>
      </BottomDrawer>
      <HelpDrawer open={helpOpen} onClose={() => setHelpOpen(false)} title={t('recovery_get_help')}>
        <Typography color="text.secondary">{t('recovery_get_help_body')}</Typography>
      </HelpDrawer>
    </Screen>
  );
}
