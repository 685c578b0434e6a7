import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { ROUTES } from '@/lib/routes';

/** spec 000 §2: bottom navigation home (/inicio), consultations (/consulta/historial), profile (/perfil). */
export const BOTTOM_NAV_ITEMS = [
  { path: ROUTES.home, label: 'nav_home', icon: <HomeOutlined /> },
  { path: ROUTES.history, label: 'nav_consultations', icon: <EventNoteOutlined /> },
  { path: ROUTES.profile, label: 'nav_profile', icon: <PersonOutlined /> },
] as const;

export const BOTTOM_NAV_HEIGHT = 64;

/**
 * The notice's dot on a tab's icon (as MUI's Badge variant="dot" draws it, without the Badge's code
 * on every member screen: issue 10, first load). The tab's label says it in words.
 */
function NoticeDot({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ position: 'relative', display: 'inline-flex' }} data-testid="nav-notice-dot">
      {children}
      <Box
        component="span"
        aria-hidden
        sx={{ position: 'absolute', top: 0, right: 0, width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', transform: 'translate(50%, -50%)' }}
      />
    </Box>
  );
}

/**
 * `consultationsNotice`: spec 4, S5 (the coach sends the treatment plan) turns the consultations
 * tab's label into its notification variant, with a dot on its icon.
 */
export function AppBottomNavigation({ consultationsNotice = false }: { consultationsNotice?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = BOTTOM_NAV_ITEMS.find((item) => pathname === item.path || (pathname === ROUTES.root && item.path === ROUTES.home));

  return (
    <Paper component="nav" square elevation={8} sx={{ position: 'fixed', bottom: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar }}>
      <BottomNavigation
        showLabels
        value={current?.path ?? false}
        onChange={(_event, path: string) => void navigate(path)}
        sx={{ height: BOTTOM_NAV_HEIGHT, maxWidth: 744, mx: 'auto' }}
      >
        {BOTTOM_NAV_ITEMS.map((item) => {
          const notice = consultationsNotice && item.path === ROUTES.history;
          return (
            <BottomNavigationAction
              key={item.path}
              value={item.path}
              label={t(notice ? 'nav_consultations_notice' : item.label)}
              icon={notice ? <NoticeDot>{item.icon}</NoticeDot> : item.icon}
              data-testid={`nav-${item.label}`}
              data-notice={notice || undefined}
            />
          );
        })}
      </BottomNavigation>
    </Paper>
  );
}
