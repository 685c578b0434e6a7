import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { linkFinishedButtonTarget, SESSION_STORAGE_KEYS } from '@puente/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { clearCurrentAppointment, clearJoinedFlags } from '@/features/appointments';
import { useThemeConfig } from '@/features/organizations';
import { getSessionToken, setSessionToken } from '@/lib/session';
import { disconnectSocket } from '@/lib/socket';
import { readSessionStorage, removeStorage, STORAGE_KEYS } from '@/lib/storage';
import { logoutGuest } from '../api/logout-guest';

/**
 * The partner's home page (spec 2: the organization home page URL), as the server knows it for the
 * organization of the link (?organizationId= or ?orgId=, read publicly with the partner's theme:
 * the guest's session ends on this screen); a link's own homePageUrl is the fallback. https only.
 */
const httpsOnly = (url: string | null | undefined): string | null => (url && /^https:\/\//.test(url) ? url : null);

/**
 * /link-to-consult-finished?organizationId= (or ?orgId=): logs the guest out on load (spec 4); the
 * button goes to /open or, for a partner session, to the organization's home page (spec 2).
 */
export function LinkFinishedScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const token = getSessionToken();
    setSessionToken(null);
    disconnectSocket();
    queryClient.clear();
    clearJoinedFlags();
    clearCurrentAppointment();
    removeStorage(STORAGE_KEYS.loginlessConsult);
    if (token) void logoutGuest(token).catch((error: unknown) => console.warn('logout failed', error));
  }, [queryClient]);

  const partnerSession = !!readSessionStorage(SESSION_STORAGE_KEYS.partnerId);
  const partner = useThemeConfig(partnerSession ? (params.get('organizationId') ?? params.get('orgId')) : null);
  const target = linkFinishedButtonTarget({ partnerSession, homePageUrl: httpsOnly(partner.data?.homePageUrl) ?? httpsOnly(params.get('homePageUrl')) });
  const handleClick = () => {
    if (/^https?:\/\//.test(target)) window.location.assign(target);
    else void navigate(target);
  };
  return (
    <Screen testId="link-finished-screen">
      <CheckCircleOutline color="success" sx={{ fontSize: 64 }} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
        {t('link_finished_title')}
      </Typography>
      <Typography color="text.secondary">{t('link_finished_body')}</Typography>
      <Button variant="contained" onClick={handleClick} data-testid="link-finished-button" data-target={target}>
        {t('link_finished_button')}
      </Button>
    </Screen>
  );
}
