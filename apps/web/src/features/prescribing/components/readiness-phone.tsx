import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatMinutesSeconds,
  formatPhoneForDisplay,
  PHONE,
  PHONE_MESSAGE_KEYS,
  recoveryNewPhoneFormSchema,
  toFullPhoneNumber,
  verificationErrorOutcome,
  verifyCodeFormSchema,
  type RecoveryNewPhoneForm,
  type VerifyCodeForm,
} from '@puente/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { verifyPhoneCode } from '@/features/auth';
import { memberQueryKey } from '@/features/profile';
import { openAddPhone, requestNewPhoneCode } from '@/features/recovery';
import { PhoneNumberFields } from '@/components/ui/phone-number-fields';
import { errorToastKey, isApiRequestError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { useSessionToken } from '@/lib/session';
import { scrollToFirstError, warnMissingFields } from '@/lib/scroll-to-error';
import { showToast } from '@/lib/toast';
import { prescribingKeys } from '../api/query-keys';

interface Challenge {
  phoneNumber: string;
  resetToken: string;
  pwdlessToken: string;
}

/** The wait before another code may be asked, from the server's refusal (spec 9 resend wait). */
const resendWaitMs = (error: { retryAfterSeconds?: number; data?: Record<string, unknown> }): number => {
  const at = typeof error.data?.resendAvailableAt === 'string' ? Date.parse(error.data.resendAvailableAt) - Date.now() : NaN;
  return Number.isFinite(at) ? Math.max(0, at) : (error.retryAfterSeconds ?? 0) * 1000;
};

/**
 * The member's phone asked where she waits (issue 12, readiness): a member who signed up through
 * an identity provider has none. She types it (the phone rules of spec 5), a code goes to it by
 * SMS, and verifying it adds it to her account (the phone change of the recovery module, opened for
 * her while signed in); the readiness check then runs again and this item goes away.
 */
export function ReadinessPhone() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [pending, setPending] = useState(false);

  const phoneForm = useForm<RecoveryNewPhoneForm>({
    resolver: zodResolver(recoveryNewPhoneFormSchema),
    mode: 'onTouched',
    defaultValues: { countryCode: PHONE.defaultCountryCode, phoneNumber: '' },
  });
  const codeForm = useForm<VerifyCodeForm>({ resolver: zodResolver(verifyCodeFormSchema), mode: 'onTouched', defaultValues: { code: '' } });

  const showSendError = (error: unknown) => {
    if (isApiRequestError(error) && error.fields?.phoneNumber) {
      const key = error.fields.phoneNumber;
      phoneForm.setError('phoneNumber', { type: 'server', message: key });
      showToast({ variant: 'warning', message: key });
      scrollToFirstError();
    } else if (isApiRequestError(error) && error.reason === 'resend-too-soon') {
      showToast({ variant: 'warning', message: 'passwordless-resend-too-soon', values: { time: formatMinutesSeconds(resendWaitMs(error)) } });
    } else {
      showToast({ variant: 'warning', message: errorToastKey(error) });
    }
  };

  /** Opens the change (once per number) and sends the code to the number. */
  const send = async (phoneNumber: string, resetToken?: string) => {
    setPending(true);
    try {
      const token = resetToken ?? (await openAddPhone({ phoneNumber })).resetToken;
      const sent = await requestNewPhoneCode({ phoneNumber, resetToken: token, language: currentLanguage(i18n) });
      setChallenge({ phoneNumber, resetToken: token, pwdlessToken: sent.pwdlessToken });
      codeForm.reset({ code: '' });
    } catch (error) {
      showSendError(error);
    } finally {
      setPending(false);
    }
  };

  const verify = async (form: VerifyCodeForm) => {
    if (!challenge) return;
    setPending(true);
    try {
      const result = await verifyPhoneCode({ code: form.code, pwdlessToken: challenge.pwdlessToken, lang: currentLanguage(i18n) });
      if (result.status === 'phone_already_in_use') {
        setChallenge(null);
        phoneForm.setError('phoneNumber', { type: 'server', message: PHONE_MESSAGE_KEYS.phoneTaken });
        showToast({ variant: 'warning', message: PHONE_MESSAGE_KEYS.phoneTaken });
        scrollToFirstError();
        return;
      }
      void queryClient.invalidateQueries({ queryKey: memberQueryKey(token) });
      void queryClient.invalidateQueries({ queryKey: [...prescribingKeys.all, 'readiness'] });
      showToast({ variant: 'success', message: 'readiness_phone_saved' });
    } catch (error) {
      const outcome = isApiRequestError(error) ? verificationErrorOutcome(error.reason ?? error.message) : { kind: 'log' as const };
      if (outcome.kind === 'invalid') {
        codeForm.setError('code', { type: 'server', message: outcome.fieldError });
        showToast({ variant: outcome.toast, message: 'passwordless-invalid-code' });
        scrollToFirstError();
      } else if (outcome.kind === 'expired') {
        setChallenge(null);
        showToast({ variant: outcome.toast, message: 'passwordless-expired-code' });
      } else {
        showToast({ variant: 'warning', message: errorToastKey(error) });
      }
    } finally {
      setPending(false);
    }
  };

  if (!challenge) {
    const countryField = phoneForm.register('countryCode');
    const phoneField = phoneForm.register('phoneNumber');
    return (
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void phoneForm.handleSubmit((form) => send(toFullPhoneNumber(form.countryCode, form.phoneNumber)), warnMissingFields)(e)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
        data-testid="readiness-phone"
      >
        <PhoneNumberFields
          countryField={countryField}
          phoneField={phoneField}
          phoneLabelKey="readiness_phone_label"
          phoneErrorKey={phoneForm.formState.errors.phoneNumber?.message}
          countryErrorKey={phoneForm.formState.errors.countryCode?.message}
          testIds={{ country: 'readiness-phone-country', phone: 'readiness-phone-input' }}
        />
        <Box>
          <Button type="submit" variant="contained" size="small" disabled={pending} data-testid="readiness-phone-send">
            {t('readiness_phone_send')}
          </Button>
        </Box>
      </Box>
    );
  }

  const codeError = codeForm.formState.errors.code?.message;
  return (
    <Box component="form" noValidate onSubmit={(e) => void codeForm.handleSubmit(verify, warnMissingFields)(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="readiness-phone-code-form">
      <Typography variant="body2">{t('readiness_phone_code_sent', { phone: formatPhoneForDisplay(challenge.phoneNumber) })}</Typography>
      <TextField
        label={t('verify_code_label')}
        {...codeForm.register('code')}
        error={!!codeError}
        helperText={codeError ? t(codeError) : undefined}
        size="small"
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6, 'data-testid': 'readiness-phone-code' } }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" size="small" disabled={pending} data-testid="readiness-phone-verify">
          {t('readiness_phone_verify')}
        </Button>
        <Button variant="text" size="small" disabled={pending} onClick={() => void send(challenge.phoneNumber, challenge.resetToken)} data-testid="readiness-phone-resend">
          {t('verify_code_resend')}
        </Button>
        <Button variant="text" size="small" disabled={pending} onClick={() => setChallenge(null)} data-testid="readiness-phone-other">
          {t('readiness_phone_other')}
        </Button>
      </Box>
    </Box>
  );
}
