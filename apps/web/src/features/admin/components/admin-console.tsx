import { buildPath, type RouteName } from '@puente/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { StaffFrame, useMember } from '@/features/profile';

/**
 * The admin console's sections, in the navigation's order. A new section adds a line here with its
 * route.
 */
export const ADMIN_SECTIONS: readonly { route: RouteName; label: string }[] = [
  { route: 'admin', label: 'admin_nav_queue' },
  { route: 'adminSupport', label: 'admin_nav_support' },
  { route: 'adminStaff', label: 'admin_nav_staff' },
  { route: 'adminOrganizations', label: 'admin_nav_organizations' },
  { route: 'adminMembers', label: 'admin_nav_members' },
  { route: 'adminUsage', label: 'admin_nav_usage' },
  { route: 'adminCalendars', label: 'admin_nav_calendars' },
];

/**
 * The staff frame with the console's navigation: its links wrap onto more lines on a narrow screen.
 * A row that scrolled sideways hid three of the seven sections on a 390 px phone, with nothing to say
 * they were there (and, on one of them, the link to the screen itself).
 */
export function AdminConsole({ children, testId }: { children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  const me = useMember();
  const { pathname } = useLocation();
  const name = [me.data?.firstName, me.data?.lastName].filter(Boolean).join(' ');
  return (
    <StaffFrame testId={testId} title={t('admin_title')} subtitle={name ? `${name} · ${t('admin_role')}` : undefined} logoutLabel={t('admin_logout')}>
      <Box
        component="nav"
        aria-label={t('admin_nav_label')}
        data-testid="admin-nav"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, pb: 1, mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {ADMIN_SECTIONS.map((s) => {
          const path = buildPath(s.route);
          const current = pathname === path;
          return (
            <Button
              key={s.route}
              component={RouterLink}
              to={path}
              aria-current={current ? 'page' : undefined}
              variant={current ? 'contained' : 'text'}
              size="small"
              sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
              data-testid={`admin-nav-${s.route}`}
            >
              {t(s.label)}
            </Button>
          );
        })}
      </Box>
      {children}
    </StaffFrame>
  );
}
