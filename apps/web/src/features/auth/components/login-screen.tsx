import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatMinutesSeconds,
  isSupportedPhoneCode,
  loginPhoneFormSchema,
  PHONE,
  toFullPhoneNumber,
  type LoginPhoneForm,
  type SupportedPhoneCode,
  buildPath,
  loginBackTarget,
  showsProtectionBanner,
} from '@puente/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { HelpDrawer } from '@/features/configs';
import { PrivacyDrawer } from '@/components/ui/privacy-drawer';
import { ProtectionBanner } from '@/components/ui/protection-banner';
import { Screen } from '@/components/ui/screen';
import { isApiRequestError } from '@/lib/api-client';
import { chosenLanguage, currentLanguage } from '@/lib/i18n';
import { ROUTES } from '@/lib/routes';
import { readSessionStorage, readStorage, removeStorage, SESSION_STORAGE_KEYS, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { scrollToFirstError, warnMissingFields } from '@/lib/scroll-to-error';
import { hideToast, showToast } from '@/lib/toast';
import { useSessionToken } from '@/lib/session';
import { track } from '@/lib/track';
import { useSubmitDisabled } from '@/lib/use-stale-submit';
import { useRequestPhoneCode } from '../api/request-phone-code';
import { useCountdown } from '@/lib/use-countdown';
import { useLoginParams, type LoginQuery } from '../hooks/use-login-params';
import { EntryHeader } from '@/components/ui/entry-header';
import { PhoneNumberFields } from '@/components/ui/phone-number-fields';

/**
 * spec 000 §2: the country code is the last one used. A newcomer has none yet: the language she
 * chose says where she most likely is (es -> Mexico, 52; en -> the US, 1, spec 9's default).
 */
export const initialCountryCode = (language: string): SupportedPhoneCode => {
  const last = readStorage(STORAGE_KEYS.lastCountryCode);
  if (last && isSupportedPhoneCode(last)) return last;
  return language === 'es' ? '52' : PHONE.defaultCountryCode;
};

/** The code already sent to this number, if the verify screen can still take it. */
const pendingChallengeFor = (phoneNumber: string): boolean =>
  readStorage(STORAGE_KEYS.phoneNumber) === phoneNumber && readStorage(STORAGE_KEYS.pwdlessToken) !== null;

/**
 * /login: country code, phone, Continue; sends the code and goes to the verify screen. `extras`
 * (the route table passes the identity feature's social buttons and staff link) render below.
 */
export function LoginScreen({ extras }: { extras?: ReactNode } = {}) {
  const token = useSessionToken();
  // A member who is already signed in has nothing to do here: "/" sends her where she belongs.
  if (token !== null) return <Navigate to={ROUTES.root} replace />;
  return <LoginForm extras={extras} />;
}

function LoginForm({ extras }: { extras?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { params, prefill } = useLoginParams();
  const [helpOpen, setHelpOpen] = useState(false);
  const [privacyOpen, setPrivacyOpen] = useState(false);
  // spec 4: a member-id left in storage on /login marks the "account restored" title, then is removed.
  const [accountRestored] = useState(() => readStorage(STORAGE_KEYS.memberId) !== null);
  useEffect(() => {
    if (accountRestored) removeStorage(STORAGE_KEYS.memberId);
  }, [accountRestored]);

  const hasPartner = readSessionStorage(SESSION_STORAGE_KEYS.partnerId) !== null;
  const isOrganizationLogin = params.orgId !== undefined || params.empCode !== undefined;
  const showBanner = showsProtectionBanner({ language: currentLanguage(i18n), screen: 'login', hasOrganization: isOrganizationLogin });
  const backTarget = loginBackTarget({ partnerPresent: hasPartner, b2bOrOrganizationLogin: isOrganizationLogin });

  return (
    <Screen testId="login-screen">
      <EntryHeader onBack={backTarget ? () => void navigate(backTarget) : undefined} onHelp={() => setHelpOpen(true)} />
      <Box>
        {accountRestored ? (
          <Typography color="secondary" sx={{ fontWeight: 700, mb: 1 }} data-testid="account-restored">
            {t('login_screen_account_restored')}
          </Typography>
        ) : null}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('login_screen_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('login_screen_subtitle')}
        </Typography>
      </Box>
      {showBanner ? <ProtectionBanner /> : null}
      <PhoneCodeForm params={params} prefill={prefill} />
      {extras}
      <Box sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to={buildPath('changePhoneRecovery')} color="secondary" underline="hover" data-testid="change-phone-link" sx={{ fontWeight: 600 }}>
          {t('login_screen_changed_phone')}
        </Link>
      </Box>
      <Box sx={{ textAlign: 'center' }}>
        <Link component="button" type="button" onClick={() => setPrivacyOpen(true)} color="text.secondary" data-testid="privacy-link">
          {t('privacy_link')}
        </Link>
      </Box>
      <HelpDrawer open={helpOpen} onClose={() => setHelpOpen(false)} />
      <PrivacyDrawer open={privacyOpen} onClose={() => setPrivacyOpen(false)} />
    </Screen>
  );
}

/**
 * The form itself: country code, phone, Continue, and a refused resend's wait. A component of its own
 * so that what renders it again renders only it (issue 10, TBT): react-hook-form marks the form ready
 * in a layout effect, which rendered the whole screen a second time inside the first render's task
 * (the hydration of /login), and the wait's countdown rendered the whole screen every second.
 */
function PhoneCodeForm({ params, prefill }: LoginQuery) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const requestCode = useRequestPhoneCode();
  // After a refused resend: until when the wait lasts (counted down on screen), and whether the
  // code already sent to that number can still be typed in.
  const [wait, setWait] = useState<{ until: number; canUseSentCode: boolean } | null>(null);
  const waitRemaining = useCountdown(wait?.until ?? null);
  const submitDisabled = useSubmitDisabled(requestCode.isPending);

  // The form reads its defaults once; the country select shows the same one in the HTML (PhoneNumberFields).
  const [defaultCountry] = useState(() => prefill?.countryCode ?? initialCountryCode(chosenLanguage(i18n)));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginPhoneForm>({
    resolver: zodResolver(loginPhoneFormSchema),
    mode: 'onTouched', // spec 5: validation runs on touch
    defaultValues: { countryCode: defaultCountry, phoneNumber: prefill?.digits ?? '' },
  });

  const countryField = register('countryCode');
  const phoneField = register('phoneNumber');

  const handleValid = async (form: LoginPhoneForm) => {
    const phoneNumber = toFullPhoneNumber(form.countryCode, form.phoneNumber);
    try {
      await requestCode.mutateAsync({
        phoneNumber,
        language: chosenLanguage(i18n),
        organisationId: params.orgId,
        empCode: params.empCode,
      });
      writeStorage(STORAGE_KEYS.lastCountryCode, form.countryCode);
      void track('phone_code_requested', { phoneCountryCode: form.countryCode });
      hideToast(); // an earlier "invalid number" warning is no longer true
      void navigate(ROUTES.verifyPhoneNumber);
    } catch (error) {
      if (isApiRequestError(error) && error.reason === 'resend-too-soon') {
        // Shown on the screen with a live countdown (a toast would freeze the time it says).
        const until = Date.now() + (error.retryAfterSeconds ?? 0) * 1000;
        writeStorage(STORAGE_KEYS.resendAvailableAt, new Date(until).toISOString());
        hideToast();
        setWait({ until, canUseSentCode: pendingChallengeFor(phoneNumber) });
        return;
      }
      if (isApiRequestError(error) && error.isNetworkError) {
        showToast({ variant: 'error', message: 'error_network' });
        return;
      }
      // spec 8: a login failure on a phone gives a warning toast plus a length error on phoneNumber.
      const key = isApiRequestError(error) && error.fields?.phoneNumber ? error.fields.phoneNumber : 'login_screen_error_invalid_length';
      setError('phoneNumber', { type: 'server', message: key });
      showToast({ variant: 'warning', message: 'login_screen_send_error' });
      scrollToFirstError();
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void handleSubmit(handleValid, warnMissingFields)(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <PhoneNumberFields
        countryField={countryField}
        phoneField={phoneField}
        phoneLabelKey="login_screen_phone_label"
        countryErrorKey={errors.countryCode?.message}
        phoneErrorKey={errors.phoneNumber?.message}
        testIds={{ country: 'country-code', phone: 'phone-input' }}
        countryDefault={defaultCountry}
      />
      {wait && waitRemaining > 0 ? (
        <Alert
          severity="info"
          data-testid="resend-wait"
          action={
            wait.canUseSentCode ? (
              <Button color="inherit" size="small" onClick={() => void navigate(ROUTES.verifyPhoneNumber)} data-testid="use-sent-code">
                {t('login_screen_use_sent_code')}
              </Button>
            ) : undefined
          }
        >
          {t('login_screen_resend_wait', { time: formatMinutesSeconds(waitRemaining) })}
        </Alert>
      ) : null}
      <Button type="submit" size="large" variant="contained" disabled={submitDisabled} data-testid="login-continue">
        {t('login_screen_continue')}
      </Button>
    </Box>
  );
}
