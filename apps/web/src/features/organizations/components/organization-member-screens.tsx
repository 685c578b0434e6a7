import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { buildPath, canChangeSite, organizationSiteFormSchema } from '@puente/domain';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { Screen } from '@/components/ui/screen';
import { useMember, useOrganization } from '@/features/profile';
import { isApiRequestError } from '@/lib/api-client';
import { ROUTES } from '@/lib/routes';
import { useSessionToken } from '@/lib/session';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { showToast } from '@/lib/toast';
import { useAssociateEmployerCode } from '../api/associate-organization';
import { useChangeOrganizationSite } from '../api/change-organization-site';
import { useUnlinkOrganization } from '../api/unlink-organization';
import { EmployerCodeForm, type ValidatedEmployerCode } from './employer-code-form';

const showFailure = () => showToast({ variant: 'warning', message: 'connection_error_description' });

/** The association in both screens that link a signed-in member (registration and change). */
const useAssociate = (onDone: () => void) => {
  const member = useMember();
  const associate = useAssociateEmployerCode();
  const run = async ({ code }: ValidatedEmployerCode) => {
    if (!member.data) return;
    try {
      await associate.mutateAsync({ memberId: member.data.id, code });
      onDone();
    } catch (e) {
      if (isApiRequestError(e) && e.code === 'INVALID_DATA') showToast({ variant: 'warning', message: 'signup_company_code_toast_error' });
      else showFailure();
    }
  };
  return { run, busy: associate.isPending || !member.data };
};

/**
 * /registro-organizacion (spec 2): validate, then associate. Signed in: the organization is linked
 * (then the success screen). Not signed in: the code is kept for the sign-in, the pre-onboarding
 * flag is set and she goes to / (which leads to /login).
 */
export function OrganizationRegistrationScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = useSessionToken();
  const { run, busy } = useAssociate(() => void navigate(buildPath('organizationRegistrationSuccess')));

  const handleAssociate = async (validated: ValidatedEmployerCode) => {
    if (token) return run(validated);
    writeStorage(STORAGE_KEYS.b2bEmpCode, validated.code);
    writeStorage(STORAGE_KEYS.preOnboardingDone, 'true');
    void navigate(ROUTES.root);
  };

  return (
    <Screen testId="organization-registration-screen">
      <Box>
        <Button onClick={() => void navigate(token ? ROUTES.profile : ROUTES.presignup)}>{t('organization_back')}</Button>
      </Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('employer_code_title')}
      </Typography>
      <Typography color="text.secondary">{t('employer_code_intro')}</Typography>
      <EmployerCodeForm initialCode={params.get('code') ?? undefined} worksThere onAssociate={handleAssociate} busy={token !== null && busy} />
    </Screen>
  );
}

/** /registro-organizacion-exitoso: she belongs to the organization now; Continue goes home. */
export function OrganizationRegistrationSuccessScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useMember();
  return (
    <Screen testId="organization-registration-success-screen">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('organization_registration_success_title')}
      </Typography>
      <Paper elevation={0} sx={{ p: 3 }}>
        <Typography>{t('organization_registration_success_body', { name: member.data?.organization?.name ?? '' })}</Typography>
      </Paper>
      <Button variant="contained" size="large" onClick={() => void navigate(ROUTES.home)} data-testid="organization-registration-success-continue">
        {t('employer_code_continue')}
      </Button>
    </Screen>
  );
}

/** /cambia-organizacion: another employer code replaces her organization (the old benefit ends). */
export function ChangeOrganizationScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useMember();
  const { run, busy } = useAssociate(() => {
    showToast({ variant: 'success', message: 'organization_changed_toast' });
    void navigate(ROUTES.profile);
  });
  return (
    <Screen testId="change-organization-screen">
      <Box>
        <Button onClick={() => void navigate(ROUTES.profile)}>{t('organization_back')}</Button>
      </Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('page_title_change_organization')}
      </Typography>
      {member.data?.organization ? <Typography color="text.secondary">{t('organization_current', { name: member.data.organization.name })}</Typography> : null}
      <EmployerCodeForm worksThere onAssociate={run} busy={busy} />
    </Screen>
  );
}

/**
 * /cancela-membresia-organizacion: she leaves her organization. The employer benefit ends; with
 * no other access left the paywall opens with its "employer benefit ended" message.
 */
export function CancelOrganizationMembershipScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useMember();
  const unlink = useUnlinkOrganization();
  if (member.isPending) return <LoadingScreen />;
  if (!member.data?.organization) return <Navigate to={ROUTES.profile} replace />;

  const handleLeave = async () => {
    try {
      const updated = await unlink.mutateAsync(member.data.id);
      const stillCovered = updated.subscription ? updated.subscription.endReason === null : false;
      void navigate(stillCovered ? ROUTES.profile : ROUTES.paywall, { replace: true });
    } catch {
      showFailure();
    }
  };

  return (
    <Screen testId="cancel-organization-membership-screen">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('page_title_cancel_organization_membership')}
      </Typography>
      <Alert severity="warning">{t('organization_leave_warning', { name: member.data.organization.name })}</Alert>
      <Button variant="contained" color="error" size="large" onClick={() => void handleLeave()} disabled={unlink.isPending} data-testid="organization-leave-confirm">
        {t('organization_leave_confirm')}
      </Button>
      <Button variant="outlined" size="large" onClick={() => void navigate(ROUTES.profile)}>
        {t('organization_leave_keep')}
      </Button>
    </Screen>
  );
}

/** /cambiar-sitio-organizacion: only with more than one site; organizationSite required (spec 5/8). */
export function ChangeOrganizationSiteScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useMember();
  const organization = useOrganization(member.data?.organizationId);
  const change = useChangeOrganizationSite();
  const form = useForm({ resolver: zodResolver(organizationSiteFormSchema), defaultValues: { organizationSite: '' } });
  const current = organization.data?.organizationSite ?? '';
  useEffect(() => {
    if (current) form.reset({ organizationSite: current });
  }, [current, form]);

  if (member.isPending || (member.data?.organizationId && organization.isPending)) return <LoadingScreen />;
  if (!organization.data || !canChangeSite(organization.data.sites)) return <Navigate to={ROUTES.profile} replace />;

  const handleSave = form.handleSubmit(
    async ({ organizationSite }) => {
      try {
        await change.mutateAsync({ memberId: member.data!.id, organizationSite });
        showToast({ variant: 'success', message: 'organization_site_changed_toast' });
        void navigate(ROUTES.profile);
      } catch (e) {
        if (isApiRequestError(e) && e.code === 'INVALID_DATA') showToast({ variant: 'warning', message: 'change_organization_site_missing_fields' });
        else showFailure();
      }
    },
    () => showToast({ variant: 'warning', message: 'change_organization_site_missing_fields' }),
  );

  const error = form.formState.errors.organizationSite?.message;
  return (
    <Screen testId="change-organization-site-screen">
      <Box>
        <Button onClick={() => void navigate(ROUTES.profile)}>{t('organization_back')}</Button>
      </Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} id="organization-site-title">
        {t('page_title_change_organization_site')}
      </Typography>
      <Box component="form" noValidate onSubmit={(e) => void handleSave(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Controller
          name="organizationSite"
          control={form.control}
          render={({ field }) => (
            <RadioGroup {...field} aria-labelledby="organization-site-title">
              {organization.data.sites.map((site) => (
                <FormControlLabel key={site.id} value={site.id} control={<Radio />} label={site.name} data-testid={`organization-site-${site.name}`} />
              ))}
            </RadioGroup>
          )}
        />
        {error ? <FormHelperText error>{t(error)}</FormHelperText> : null}
        <Button type="submit" variant="contained" size="large" disabled={change.isPending} data-testid="organization-site-save">
          {t('organization_site_save')}
        </Button>
      </Box>
    </Screen>
  );
}
