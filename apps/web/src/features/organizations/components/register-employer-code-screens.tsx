import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { buildPath } from '@puente/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { ProtectionBanner } from '@/components/ui/protection-banner';
import { Screen } from '@/components/ui/screen';
import { ROUTES } from '@/lib/routes';
import { lookupEmployerCode } from '../api/lookup-employer-code';
import { EmployerCodeForm } from './employer-code-form';
import { useWorksThere, WorksThereCheckbox } from './works-there-checkbox';

const successPath = (code: string): string => `${buildPath('registerEmployerCodeSuccess')}?${new URLSearchParams({ code }).toString()}`;

/** The employer-code card of /presignup (spec 2): validate here, then the success screen. */
export function EmployerCodeEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <Paper elevation={0} sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="presignup-employer-code">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('presignup_employer_code_title')}
      </Typography>
      <Typography color="text.secondary">{t('employer_code_intro')}</Typography>
      <EmployerCodeForm initialCode={params.get('code') ?? undefined} associateLabel={t('employer_code_continue')} onAssociate={({ code }) => navigate(successPath(code))} />
    </Paper>
  );
}

/** /register-employer-code (spec 2): employer code entry, prefilled from ?code=; help, Login, back. */
export function RegisterEmployerCodeScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <Screen testId="register-employer-code-screen">
      <Box>
        <Button onClick={() => void navigate(ROUTES.presignup)} data-testid="register-employer-code-back">
          {t('organization_back')}
        </Button>
      </Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('employer_code_title')}
      </Typography>
      <Typography color="text.secondary">{t('employer_code_intro')}</Typography>
      {i18n.language !== 'en' ? <ProtectionBanner /> : null}
      <EmployerCodeForm initialCode={params.get('code') ?? undefined} associateLabel={t('employer_code_continue')} onAssociate={({ code }) => navigate(successPath(code))} />
      <Button variant="outlined" size="large" onClick={() => void navigate(ROUTES.login)} data-testid="register-employer-code-login">
        {t('presignup_login_button')}
      </Button>
    </Screen>
  );
}

/**
 * /register-employer-code-success (spec 2): the validated code, the organization's name and the
 * works-there checkbox; Continue goes to /login carrying the code (the account joins on sign-in).
 */
export function RegisterEmployerCodeSuccessScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const confirmation = useWorksThere();
  // The server is the source of truth: the code is looked up again (a typed URL proves nothing).
  const lookup = useQuery({ queryKey: ['employer-code', code], queryFn: () => lookupEmployerCode(code), enabled: code !== '', staleTime: Infinity });
  if (code === '' || (lookup.isSuccess && !lookup.data)) return <Navigate to={buildPath('registerEmployerCode')} replace />;

  const handleContinue = () => {
    if (!confirmation.confirmed()) return;
    void navigate(`${ROUTES.login}?${new URLSearchParams({ empCode: code }).toString()}`);
  };

  return (
    <Screen testId="register-employer-code-success-screen">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('employer_code_success_title')}
      </Typography>
      <Paper elevation={0} sx={{ p: 3 }}>
        <Typography variant="body2" color="text.secondary">
          {t('employer_code_label')}
        </Typography>
        <Typography sx={{ fontWeight: 700, letterSpacing: 1 }} data-testid="employer-code-success-code">
          {code.toUpperCase()}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('employer_code_organization_found')}
        </Typography>
        {lookup.data ? (
          <Typography sx={{ fontWeight: 700 }} data-testid="employer-code-success-organization">
            {lookup.data.name}
          </Typography>
        ) : (
          <Skeleton width="60%" />
        )}
      </Paper>
      <WorksThereCheckbox {...confirmation.box} organizationName={lookup.data?.name ?? ''} />
      <Button variant="contained" size="large" onClick={handleContinue} disabled={!lookup.data} data-testid="employer-code-success-continue">
        {t('employer_code_continue')}
      </Button>
    </Screen>
  );
}
