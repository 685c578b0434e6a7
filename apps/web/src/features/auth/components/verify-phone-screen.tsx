import { zodResolver } from '@hookform/resolvers/zod';
import {
  errorMessageKey,
  formatMinutesSeconds,
  blockedAccountRoute,
  formatPhoneForDisplay,
  paths,
  loginStatusOutcome,
  PHONE,
  splitFullPhoneNumber,
  verificationErrorOutcome,
  verifyCodeFormSchema,
  type VerifyCodeForm,
} from '@puente/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { HelpDrawer } from '@/features/configs';
import { Screen } from '@/components/ui/screen';
import { OutlinedTextField } from '@/components/ui/outlined-fields';
import { storePendingDeletion } from '@/features/account';
import { isApiRequestError } from '@/lib/api-client';
import { clearResetToken, readResetToken } from '@/features/recovery';
import { supportLink, usePublicConfig } from '@/features/configs';
import { chosenLanguage } from '@/lib/i18n';
import { ROUTES } from '@/lib/routes';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { scrollToFirstError, warnMissingFields } from '@/lib/scroll-to-error';
import { hideToast, showToast } from '@/lib/toast';
import { showConnectionError } from '@/lib/ui-store';
import { track } from '@/lib/track';
import { useSubmitDisabled } from '@/lib/use-stale-submit';
import { completeMerge, readPendingMerge } from '../api/complete-merge';
import { useCreateSession } from '../api/create-session';
import { useRequestPhoneCode } from '../api/request-phone-code';
import { useVerifyPhoneCode } from '../api/verify-phone-code';
import { useCountdown } from '@/lib/use-countdown';
import { clearStoredLoginParams, readStoredLoginParams } from '../hooks/use-login-params';
import { EntryHeader } from '@/components/ui/entry-header';

const parseTime = (iso: string | null): number | null => {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
};

/** /login/verify-phone-number: the 6-character code, resend with a m:ss countdown, help. */
export function VerifyPhoneScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const [phoneNumber] = useState(() => readStorage(STORAGE_KEYS.phoneNumber));
  const [pwdlessToken, setPwdlessToken] = useState(() => readStorage(STORAGE_KEYS.pwdlessToken));
  const [resendAt, setResendAt] = useState(() => parseTime(readStorage(STORAGE_KEYS.resendAvailableAt)));
  const [expired, setExpired] = useState(false);
  const remaining = useCountdown(resendAt);

  const config = usePublicConfig();
  const verify = useVerifyPhoneCode();
  const createSession = useCreateSession();
  const resend = useRequestPhoneCode();
  const submitDisabled = useSubmitDisabled(verify.isPending || createSession.isPending);

  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<VerifyCodeForm>({ resolver: zodResolver(verifyCodeFormSchema), mode: 'onTouched', defaultValues: { code: '' } });
  const codeField = register('code');

  const handleExpired = () => {
    setExpired(true);
    setError('code', { type: 'server', message: 'verify_code_error_expired' });
    showToast({ variant: 'warning', message: 'passwordless-expired-code' });
    scrollToFirstError();
  };

  const handleValid = async (form: VerifyCodeForm) => {
    if (!pwdlessToken) {
      handleExpired();
      return;
    }
    const params = readStoredLoginParams();
    let result;
    try {
      result = await verify.mutateAsync({ code: form.code, pwdlessToken, lang: chosenLanguage(i18n), orgId: params.orgId, empCode: params.empCode });
    } catch (error) {
      if (!isApiRequestError(error)) throw error;
      // spec 8: an 'is blocked' account (deletion past the threshold) goes to /eliminar-cuenta.
      const blocked = blockedAccountRoute(error.reason ?? error.message, false);
      if (blocked) {
        void navigate(blocked, { replace: true });
        return;
      }
      // spec 8 "Verification": the domain decides from the reason (or the message that carries it).
      const outcome = verificationErrorOutcome(error.reason ?? error.message);
      switch (outcome.kind) {
        case 'invalid':
          setError('code', { type: 'server', message: outcome.fieldError });
          showToast({ variant: outcome.toast, message: 'passwordless-invalid-code' });
          scrollToFirstError();
          return;
        case 'expired':
          handleExpired();
          return;
        case 'logout':
          void navigate(ROUTES.logout, { replace: true });
          return;
        case 'log':
          console.error('verify failed', error.code, error.reason);
          showToast({ variant: 'error', message: error.isNetworkError ? 'error_network' : errorMessageKey(error.code) });
          return;
        default: {
          const exhaustive: never = outcome;
          return exhaustive;
        }
      }
    }
    // An identity waits to be linked (merge_required): the phone just proven must be its account's.
    const merge = readPendingMerge();
    if (merge && result.loginToken) {
      removeStorage(STORAGE_KEYS.verifyResponse);
      try {
        const merged = await completeMerge({ ...merge, loginToken: result.loginToken });
        result = { ...result, status: merged.status, loginToken: merged.loginToken ?? '', loginProvider: merged.loginProvider };
      } catch (error) {
        // spec 4/8: identity verification failed while merging: log out, go to the merge error page.
        console.error('Error verifying Auth0 account', error);
        if (merge.provider === 'email') showToast({ variant: 'warning', message: 'merge_accounts_email_wrong_credentials' });
        removeStorage(STORAGE_KEYS.pwdlessToken);
        void navigate(paths.mergeError(merge.provider), { replace: true });
        return;
      }
    }
    const outcome = loginStatusOutcome(result.status, { provider: result.loginProvider, hasDeletionRequest: Boolean(result.deletionRequestTime) });
    if (outcome.storeDeletionTime && result.deletionRequestTime && result.memberId) {
      // spec 4: a member with a pending deletion request is logged out and the request time stored.
      storePendingDeletion({ deletionRequestTime: result.deletionRequestTime, memberId: result.memberId, loginToken: result.loginToken });
      removeStorage(STORAGE_KEYS.pwdlessToken);
      removeStorage(STORAGE_KEYS.resendAvailableAt);
      void navigate(`${outcome.to}?drt=${Date.parse(result.deletionRequestTime)}`, { replace: true });
      return;
    }
    if (result.status === 'phone_already_in_use') {
      // spec 8: phone_number_taken, with the action phone_number_taken_action linking to support.
      const code = splitFullPhoneNumber(phoneNumber ?? '')?.countryCode ?? '1';
      showToast({
        variant: 'warning',
        message: 'phone_number_taken',
        action: config.data ? { label: 'phone_number_taken_action', href: supportLink(config.data.companyPhones, code, t('phone_number_taken_support_text')) } : undefined,
      });
      void navigate(outcome.to, { replace: true });
      return;
    }
    if (outcome.login) {
      try {
        await createSession.mutateAsync(result.loginToken);
      } catch (error) {
        // spec 8: after a login failure, the connection_error dialog with a sign-in button.
        console.error('createSession failed', error);
        showConnectionError('sign-in');
        return;
      }
    }
    hideToast(); // an earlier "wrong code" warning is no longer true
    void track('phone_verified', { outcome: result.status });
    removeStorage(STORAGE_KEYS.pwdlessToken);
    removeStorage(STORAGE_KEYS.resendAvailableAt);
    clearStoredLoginParams();
    if (result.status === 'phone_recovery') clearResetToken();
    // phone_recovery's success toast shows after the recovery code screen (spec 4).
    const toastAfter = outcome.toast && outcome.to === ROUTES.saveRecoveryCode ? outcome.toast : undefined;
    if (outcome.toast && !toastAfter) showToast({ variant: outcome.toast.variant, message: outcome.toast.key });
    void navigate(outcome.to, { replace: true, state: toastAfter ? { toastAfter } : undefined });
  };

  const handleResend = async () => {
    if (!phoneNumber || remaining > 0 || resend.isPending) return;
    try {
      // A phone change resends with its resetToken, so the new code still moves the account.
      const resetToken = readResetToken() ?? undefined;
      const response = await resend.mutateAsync({ phoneNumber, language: chosenLanguage(i18n), resetToken });
      setPwdlessToken(response.pwdlessToken);
      setResendAt(parseTime(response.resendAvailableAt));
      setExpired(false);
      clearErrors('code');
      void track('phone_code_resent', { phoneCountryCode: splitFullPhoneNumber(phoneNumber)?.countryCode });
      showToast({ variant: 'success', message: 'verify_code_resent' });
    } catch (error) {
      if (isApiRequestError(error) && error.reason === 'resend-too-soon') {
        const waitMs = (error.retryAfterSeconds ?? 0) * 1000;
        setResendAt(Date.now() + waitMs);
        writeStorage(STORAGE_KEYS.resendAvailableAt, new Date(Date.now() + waitMs).toISOString());
        showToast({ variant: 'warning', message: 'passwordless-resend-too-soon', values: { time: formatMinutesSeconds(waitMs) } });
        return;
      }
      console.error('resend failed', error);
      showToast({ variant: 'error', message: isApiRequestError(error) && error.isNetworkError ? 'error_network' : 'login_screen_send_error' });
    }
  };

  if (!phoneNumber || !splitFullPhoneNumber(phoneNumber)) {
    return (
      <Screen testId="verify-screen">
        <EntryHeader onBack={() => void navigate(ROUTES.login)} />
        <Alert severity="info">{t('verify_code_missing_phone')}</Alert>
        <Button component={RouterLink} to={ROUTES.login} variant="contained">
          {t('login_screen_continue')}
        </Button>
      </Screen>
    );
  }

  const codeError = errors.code?.message;

  return (
    <Screen testId="verify-screen">
      <EntryHeader onBack={() => void navigate(ROUTES.login)} onHelp={() => setHelpOpen(true)} />
      <Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('verify_code_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('verify_code_subtitle')}
        </Typography>
      </Box>
      <OutlinedTextField label={t('verify_code_phone_label')} value={formatPhoneForDisplay(phoneNumber)} htmlInput={{ readOnly: true, 'data-testid': 'phone-display' }} />
      {expired ? (
        <Alert severity="warning" data-testid="code-expired">
          {t('passwordless-expired-code')} {t('verify_code_expired_hint')}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={(e) => void handleSubmit(handleValid, warnMissingFields)(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <OutlinedTextField
          label={t('verify_code_label')}
          error={codeError !== undefined}
          helperText={codeError ? t(codeError) : ' '} // reserved line: no layout jump under the pressing finger
          name={codeField.name}
          onChange={(e) => void codeField.onChange(e)}
          onBlur={(e) => void codeField.onBlur(e)}
          inputRef={codeField.ref}
          autoFocus
          htmlInput={{
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
            maxLength: PHONE.verificationCodeLength,
            'data-testid': 'code-input',
            style: { letterSpacing: '0.5em', fontSize: 22, textAlign: 'center' },
          }}
        />
        <Button type="submit" size="large" variant="contained" disabled={submitDisabled} data-testid="verify-submit">
          {t('verify_code_submit')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Link component={RouterLink} to={ROUTES.login} color="text.secondary" underline="hover">
          {t('verify_code_change_number')}
        </Link>
        <Button
          variant="text"
          color="secondary"
          disabled={remaining > 0 || resend.isPending}
          onClick={() => void handleResend()}
          data-testid="resend-link"
          data-remaining={formatMinutesSeconds(remaining)}
        >
          {remaining > 0 ? t('verify_code_resend_in', { time: formatMinutesSeconds(remaining) }) : t('verify_code_resend')}
        </Button>
      </Box>
      <HelpDrawer open={helpOpen} onClose={() => setHelpOpen(false)} />
    </Screen>
  );
}
