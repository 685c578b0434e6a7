import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { buildPath, linkToConsultEntry } from '@puente/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { appointmentQueryOptions, setCurrentAppointmentId } from '@/features/appointments';
import { setMemberData } from '@/features/profile';
import { setSessionToken } from '@/lib/session';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { track } from '@/lib/track';
import { guestSignIn, setJoinMethodLink } from '../api/guest-sign-in';

/** The camera permission as the browser knows it now (Permissions API; unknown counts as not denied). */
const cameraDenied = async (): Promise<boolean> => {
  try {
    const status = await navigator.permissions.query({ name: 'camera' as PermissionName });
    return status.state === 'denied';
  } catch {
    return false;
  }
};

/** Where to retry from: the permissions screen sends the guest back to the same link. */
export const LINK_RETRY_KEY = 'puente:link-to-consult';

/**
 * /link-to-consult?token=&appointmentId=&error= (spec 2 "Link to consult", spec 4): camera denied
 * goes to the permissions screen; an error parameter to the closed screen; otherwise the token
 * signs the guest in (a session for that appointment only), the call is marked joined, the join
 * method becomes "link", and the guest goes to the call (loginless: states 1-3 count as 3).
 */
export function LinkEntryScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const run = async () => {
      try {
        window.sessionStorage.setItem(LINK_RETRY_KEY, window.location.pathname + window.location.search);
      } catch {
        // storage may be unavailable
      }
      const route = linkToConsultEntry({ cameraDenied: await cameraDenied(), error: params.get('error'), token: params.get('token') });
      const appointmentId = params.get('appointmentId');
      if (route.kind === 'navigate') return void navigate(route.to, { replace: true });
      if (!appointmentId) return void navigate(buildPath('linkToConsultClosed'), { replace: true });
      try {
        const session = await guestSignIn({ token: route.token, appointmentId });
        // spec 3: the loginless-consult flag, stored with a minute timestamp.
        writeStorage(STORAGE_KEYS.loginlessConsult, String(Math.floor(Date.now() / 60_000)));
        writeStorage(STORAGE_KEYS.hasJoinedToCall, 'true');
        setMemberData(queryClient, session.sessionToken, session.member);
        setSessionToken(session.sessionToken);
        const appointment = await queryClient.fetchQuery(appointmentQueryOptions(appointmentId));
        setCurrentAppointmentId(appointment.id);
        await setJoinMethodLink(appointmentId).catch((error: unknown) => console.warn('join method not saved', error));
        // spec 4: the guest's join by link is tracked (the appointment's id and the method only).
        void track('link_to_consult_joined', { appointmentId, method: 'link' });
        void navigate(buildPath('videoCall'), { replace: true });
      } catch (error) {
        console.warn('guest link refused', error);
        void navigate(buildPath('linkToConsultClosed'), { replace: true });
      }
    };
    void run();
  }, [navigate, params, queryClient]);

  return (
    <Screen testId="link-entry-screen">
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8, textAlign: 'center' }}>
        <CircularProgress aria-label={t('loading')} />
        {/* The page's level-one heading while the link signs her in (a screen reader's headings start somewhere). */}
        <Typography component="h1">{t('link_entry_joining')}</Typography>
      </Box>
    </Screen>
  );
}
