import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { getSessionToken, setSessionToken } from '@/lib/session';
import { disconnectSocket } from '@/lib/socket';
import { ROUTES } from '@/lib/routes';
import { logout } from '../api/logout';

/** /lo: ends the session on the server (best effort), forgets it here, then /login. */
export function LogoutScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const run = async () => {
      // Forget the session here first, so answers to calls still in flight cannot look like an
      // expired session once the server has ended it.
      const token = getSessionToken();
      setSessionToken(null);
      disconnectSocket();
      await queryClient.cancelQueries();
      queryClient.clear();
      if (token) {
        try {
          await logout(token);
        } catch (error) {
          // The local session is gone anyway; the server one expires on its own.
          console.warn('logout call failed', error);
        }
      }
      void navigate(ROUTES.login, { replace: true });
    };
    void run();
  }, [navigate, queryClient]);

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      <CircularProgress aria-label={t('loading')} />
      <Typography>{t('logout_in_progress')}</Typography>
    </Box>
  );
}
