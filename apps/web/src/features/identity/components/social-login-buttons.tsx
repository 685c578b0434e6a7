import { buildPath, LOGIN_PROVIDERS, showsSocialLogin, type LoginProvider } from '@puente/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { chosenLanguage } from '@/lib/i18n';
import { readSessionStorage, readStorage, SESSION_STORAGE_KEYS, STORAGE_KEYS } from '@/lib/storage';
import { showToast } from '@/lib/toast';
import { startIdentityLogin, useIdentityProviders } from '../api/identity-api';

const SOCIAL: LoginProvider[] = ['apple', 'google', 'facebook'];

/** The /login extras: Apple, Google, Facebook (spec 2, hidden under RESTRICT_SOCIAL_LOGIN) and the staff link. */
export function SocialLoginButtons() {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const orgId = searchParams.get('orgId') ?? readStorage(STORAGE_KEYS.b2bOrgId) ?? undefined;
  const empCode = searchParams.get('empCode') ?? readStorage(STORAGE_KEYS.b2bEmpCode) ?? undefined;
  const providers = useIdentityProviders({ orgId, empCode });
  const [leaving, setLeaving] = useState(false);
  const configured = providers.data?.providers ?? [];
  const visible =
    providers.data !== undefined &&
    showsSocialLogin({
      settings: providers.data.organization?.settings ?? null,
      hasOrganization: providers.data.organization !== null,
      partnerPresent: readSessionStorage(SESSION_STORAGE_KEYS.partnerId) !== null,
    });
  const buttons = visible ? SOCIAL.filter((p) => configured.includes(p)) : [];

  const handleClick = async (provider: LoginProvider) => {
    setLeaving(true);
    try {
      await startIdentityLogin({ provider, purpose: 'member', lang: chosenLanguage(i18n) });
    } catch (error) {
      console.error('identity authorize failed', error);
      setLeaving(false);
      showToast({ variant: 'error', message: 'identity_provider_unavailable' });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {buttons.length > 0 ? (
        <>
          <Divider>{t('identity_or')}</Divider>
          {buttons.map((provider) => (
            <Button key={provider} variant="outlined" size="large" disabled={leaving} onClick={() => void handleClick(provider)} data-testid={`social-login-${provider}`}>
              {t(`identity_continue_with_${provider}`)}
            </Button>
          ))}
        </>
      ) : null}
      <Box sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to={buildPath('staffLogin')} color="text.secondary" data-testid="staff-login-link">
          {t('identity_staff_link')}
        </Link>
      </Box>
    </Box>
  );
}

export const isLoginProvider = (value: string | null | undefined): value is LoginProvider => (LOGIN_PROVIDERS as readonly string[]).includes(value ?? '');
