import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import Close from '@mui/icons-material/Close';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { ROUTES } from '@puente/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { isLanguage } from '@/lib/i18n';
import { useVerifyEmail } from '../api/verify-email';

/** spec 2: the verified-email screen needs supportSignUp, success and code, otherwise it redirects to /. */
export const verifiedEmailParams = (search: URLSearchParams): { supportSignUp: boolean; success: boolean; code: string; lang: string | null } | null => {
  const supportSignUp = search.get('supportSignUp');
  const success = search.get('success');
  const code = search.get('code');
  if (supportSignUp === null || success === null || code === null) return null;
  return { supportSignUp: supportSignUp === 'true', success: success === 'true', code, lang: search.get('lang') };
};

/** /cuenta-verificada?supportSignUp=&success=&code=&lang=: confirms the email with the server; close goes to /usar-mi-telefono. */
export function VerifiedEmailScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const params = verifiedEmailParams(search);
  const verify = useVerifyEmail(params?.code ?? null, params?.success === true);

  // spec 2: lang accepts es or en.
  const lang = params?.lang;
  useEffect(() => {
    if (isLanguage(lang) && i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [lang, i18n]);

  if (!params) return <Navigate to={ROUTES.home.path} replace />;

  const verified = params.success && verify.isSuccess;
  const failed = !params.success || verify.isError;
  const handleClose = () => void navigate(ROUTES.useMyPhone.path, { replace: true });

  return (
    <Screen testId="verified-email-screen">
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <IconButton onClick={handleClose} aria-label={t('close')} data-testid="verified-email-close">
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ textAlign: 'center', mt: 4 }} data-testid="verified-email-state" data-state={verified ? 'verified' : failed ? 'failed' : 'pending'}>
        {verified ? <CheckCircleOutline color="success" sx={{ fontSize: 72 }} /> : failed ? <ErrorOutline color="error" sx={{ fontSize: 72 }} /> : <CircularProgress aria-label={t('loading')} />}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mt: 2 }}>
          {verified ? t('verified_email_title') : failed ? t('verified_email_failed_title') : t('verified_email_checking')}
        </Typography>
        {verified ? (
          <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="verified-email-address">
            {t('verified_email_body', { email: verify.data.email })}
          </Typography>
        ) : failed ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('verified_email_failed_body')}
          </Typography>
        ) : null}
      </Box>
      {verified || failed ? (
        <Button variant="contained" size="large" onClick={handleClose} data-testid="verified-email-continue">
          {t('continue')}
        </Button>
      ) : null}
    </Screen>
  );
}
