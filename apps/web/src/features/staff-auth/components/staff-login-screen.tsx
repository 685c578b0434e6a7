import { AUTH, buildPath, formatMinutesSeconds, staffHomePath, type LoginProvider } from '@puente/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { isApiRequestError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { setMemberData } from '@/features/profile';
import { setSessionToken } from '@/lib/session';
import { readSessionStorage, removeSessionStorage, SESSION_STORAGE_KEYS, STORAGE_KEYS, writeSessionStorage, writeStorage } from '@/lib/storage';
import { hideToast, showToast } from '@/lib/toast';
import {
  createStaffSession,
  enrolStaffTotp,
  readStaffPendingState,
  startStaffEmail,
  startStaffIdentityLogin,
  verifyStaffEmail,
  verifyStaffIdentity,
  verifyStaffTotp,
} from '../api/staff-auth-api';
import { useCountdown } from '@/lib/use-countdown';
import { StaffLanguageSelect } from './staff-language-select';

type Step = { kind: 'email' } | { kind: 'code'; challengeToken: string; email: string } | { kind: 'totp'; mfaToken: string; enrolment?: { secret: string; qrCodeDataUrl: string } };

type ErrorMessage = { key: string; values?: Record<string, string> };

type SentCode = { challengeToken: string; email: string };

/**
 * The code sent from this tab, kept for as long as it can be used (AUTH.codeTtlMs): a reload (a
 * phone's browser drops the tab while she reads her email) comes back to the code step instead of
 * the email, where sending again is refused for a while. Nothing is kept past the code's life.
 */
const sentCodeStore = {
  read(): SentCode | null {
    try {
      const stored = JSON.parse(readSessionStorage(SESSION_STORAGE_KEYS.staffLoginCode) ?? 'null') as (SentCode & { expiresAt: number }) | null;
      if (stored && typeof stored.challengeToken === 'string' && typeof stored.email === 'string' && stored.expiresAt > Date.now()) {
        return { challengeToken: stored.challengeToken, email: stored.email };
      }
    } catch {
      // unreadable: as if none
    }
    removeSessionStorage(SESSION_STORAGE_KEYS.staffLoginCode);
    return null;
  },
  write(code: SentCode): void {
    writeSessionStorage(SESSION_STORAGE_KEYS.staffLoginCode, JSON.stringify({ ...code, expiresAt: Date.now() + AUTH.codeTtlMs }));
  },
  clear(): void {
    removeSessionStorage(SESSION_STORAGE_KEYS.staffLoginCode);
  },
};

const errorMessage = (error: unknown, fallback: string): ErrorMessage => {
  if (!isApiRequestError(error)) return { key: fallback };
  if (error.isNetworkError) return { key: 'error_network' };
  return { key: error.fields?.code ?? error.fields?.email ?? error.reason ?? fallback };
};

/** A code asked for again too soon: the wait, counted down on the screen (a toast or a field error would freeze the time it says). */
function ResendWait({ until, onUseSentCode }: { until: number; onUseSentCode: (() => void) | null }) {
  const { t } = useTranslation();
  const remaining = useCountdown(until);
  if (remaining <= 0) return null;
  return (
    <Alert
      severity="info"
      data-testid="staff-resend-wait"
      action={
        onUseSentCode ? (
          <Button color="inherit" size="small" onClick={onUseSentCode} data-testid="staff-use-sent-code">
            {t('login_screen_use_sent_code')}
          </Button>
        ) : undefined
      }
    >
      {t('passwordless-resend-too-soon', { time: formatMinutesSeconds(remaining) })}
    </Alert>
  );
}

/** /staff/login: coaches, US doctors and admins: email code (or identity provider), then TOTP. */
export function StaffLoginScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  // A code sent from this tab before a reload: back at its step (sentCodeStore).
  // (Not when coming back from the identity provider: that sign-in goes on to the second factor.)
  const [restored] = useState(() => (searchParams.has('state') ? null : sentCodeStore.read()));
  const [step, setStep] = useState<Step>(restored ? { kind: 'code', ...restored } : { kind: 'email' });
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<ErrorMessage | null>(null);
  // The last code sent from this screen (it can still be typed in after going back to the email) and
  // a refused resend's wait.
  const [sent, setSent] = useState<SentCode | null>(restored);
  const [wait, setWait] = useState<{ until: number; email: string } | null>(null);
  const handled = useRef(false);

  const goToSecondFactor = async (mfaToken: string, enrolmentRequired: boolean) => {
    const enrolment = enrolmentRequired ? await enrolStaffTotp(mfaToken) : undefined;
    setValue('');
    setStep({ kind: 'totp', mfaToken, enrolment });
  };

  // Back from the identity provider (the identity verify page forwards code + state here).
  useEffect(() => {
    const code = searchParams.get('code');
    const state = searchParams.get('state');
    const provider = searchParams.get('provider') as LoginProvider | null;
    if (handled.current || !code || !state || !provider) return;
    handled.current = true;
    const expected = readStaffPendingState();
    if (expected !== state) {
      showToast({ variant: 'warning', message: 'identity_verify_failed' });
      return;
    }
    setBusy(true);
    verifyStaffIdentity({ provider, code, state, iss: searchParams.get('iss') ?? undefined })
      .then((result) => goToSecondFactor(result.mfaToken, result.enrolmentRequired))
      .catch((error: unknown) => {
        console.error('staff identity sign-in failed', error);
        showToast({ variant: 'warning', message: 'staff_login_identity_failed' });
      })
      .finally(() => setBusy(false));
  }, [searchParams]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setBusy(true);
    try {
      if (step.kind === 'email') {
        const response = await startStaffEmail(value.trim());
        const code = { challengeToken: response.challengeToken, email: value.trim() };
        setSent(code);
        sentCodeStore.write(code);
        setWait(null);
        setStep({ kind: 'code', ...code });
        setValue('');
        showToast({ variant: 'success', message: 'staff_login_code_sent' });
      } else if (step.kind === 'code') {
        const result = await verifyStaffEmail(step.challengeToken, value.trim());
        sentCodeStore.clear(); // used
        hideToast();
        await goToSecondFactor(result.mfaToken, result.enrolmentRequired);
      } else {
        const { loginToken } = await verifyStaffTotp(step.mfaToken, value.trim());
        const session = await createStaffSession(loginToken);
        setMemberData(queryClient, session.sessionToken, session.member);
        setSessionToken(session.sessionToken);
        // Signed in once: when the session ends the guard sends them back to sign-in, not to the intro.
        writeStorage(STORAGE_KEYS.preOnboardingDone, 'true');
        hideToast();
        void navigate(staffHomePath(session.member.userType) ?? '/', { replace: true });
      }
    } catch (error) {
      const message = errorMessage(error, step.kind === 'email' ? 'staff_login_email_invalid' : step.kind === 'code' ? 'passwordless-invalid-code' : 'staff_totp_error_invalid');
      if (isApiRequestError(error) && error.reason === 'resend-too-soon') {
        hideToast();
        setWait({ until: Date.now() + (error.retryAfterSeconds ?? 0) * 1000, email: value.trim() });
      } else if (isApiRequestError(error) && (error.code === 'TOKEN_INVALID' || error.code === 'TOKEN_EXPIRED')) {
        // The code or ticket ended (expired, used or too many tries): start again.
        if (step.kind === 'code') {
          setSent(null);
          sentCodeStore.clear();
        }
        setStep({ kind: 'email' });
        setValue('');
        showToast({ variant: 'warning', message: 'staff_login_start_again' });
      } else {
        setFieldError(message);
        showToast({ variant: 'warning', message: message.key, values: message.values });
      }
    } finally {
      setBusy(false);
    }
  };

  const handleIdentity = async () => {
    setBusy(true);
    try {
      await startStaffIdentityLogin('google', currentLanguage(i18n));
    } catch (error) {
      console.error('identity authorize failed', error);
      setBusy(false);
      showToast({ variant: 'error', message: 'identity_provider_unavailable' });
    }
  };

  /** From the code step back to the email (a mistyped address, or a code that did not come). */
  const changeEmail = () => {
    if (step.kind !== 'code') return;
    setFieldError(null);
    hideToast();
    setValue(step.email);
    setStep({ kind: 'email' });
  };
  // The wait is the address's: shown while she has that address in the field.
  const waiting = step.kind === 'email' && wait !== null && wait.email === value.trim() ? wait : null;
  const enterSentCode =
    waiting && sent?.email === waiting.email
      ? () => {
          setFieldError(null);
          setWait(null);
          setValue('');
          setStep({ kind: 'code', ...sent });
        }
      : null;

  const label = step.kind === 'email' ? t('staff_login_email_label') : step.kind === 'code' ? t('staff_login_code_label') : t('staff_totp_code_label');

  return (
    <Screen testId="staff-login-screen">
      {/* The title and the language choice share a row: the enrolment step stays as tall as it was, its submit button clear of the toast. */}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('staff_login_title')}
        </Typography>
        <StaffLanguageSelect />
      </Box>
      <Typography color="text.secondary">
        {step.kind === 'email' ? t('staff_login_subtitle') : step.kind === 'code' ? t('staff_login_code_sent_to', { email: step.email }) : t('staff_totp_subtitle')}
      </Typography>
      {step.kind === 'totp' && step.enrolment ? (
        <Box data-testid="staff-totp-enrolment" sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'center' }}>
          <Alert severity="info">{t('staff_totp_enrol_help')}</Alert>
          <img src={step.enrolment.qrCodeDataUrl} alt={t('staff_totp_qr_alt')} width={200} height={200} data-testid="staff-totp-qr" />
          <Typography variant="body2">{t('staff_totp_manual_key')}</Typography>
          <Typography component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="staff-totp-secret">
            {step.enrolment.secret}
          </Typography>
        </Box>
      ) : null}
      <Box component="form" noValidate onSubmit={(e) => void handleSubmit(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextField
          key={step.kind}
          label={label}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={fieldError !== null}
          helperText={fieldError ? t(fieldError.key, fieldError.values) : undefined}
          autoFocus
          slotProps={{
            htmlInput: {
              'data-testid': `staff-${step.kind}-input`,
              inputMode: step.kind === 'email' ? 'email' : 'numeric',
              autoComplete: step.kind === 'email' ? 'email' : 'one-time-code',
              maxLength: step.kind === 'email' ? 254 : 6,
            },
          }}
        />
        {waiting ? <ResendWait until={waiting.until} onUseSentCode={enterSentCode} /> : null}
        <Button type="submit" variant="contained" size="large" disabled={busy || value.trim() === ''} data-testid="staff-login-submit">
          {step.kind === 'email' ? t('staff_login_send_code') : t('staff_login_verify')}
        </Button>
        {step.kind === 'code' ? (
          <Button variant="text" disabled={busy} onClick={changeEmail} data-testid="staff-change-email">
            {t('staff_login_change_email')}
          </Button>
        ) : null}
      </Box>
      {step.kind === 'email' ? (
        <Button variant="outlined" disabled={busy} onClick={() => void handleIdentity()} data-testid="staff-login-identity">
          {t('staff_login_with_identity_provider')}
        </Button>
      ) : null}
      <Box sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to={buildPath('login')} color="text.secondary">
          {t('staff_login_member_link')}
        </Link>
      </Box>
    </Screen>
  );
}
