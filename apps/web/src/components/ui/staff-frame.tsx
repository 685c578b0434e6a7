import Logout from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMember } from '@/features/profile';
import { ROUTES } from '@/lib/routes';

export interface StaffFrameProps {
  /** Already translated by the feature (the dashboard and the admin console). */
  title: string;
  subtitle?: string;
  logoutLabel: string;
  /** Controls shown at the right of the bar (availability toggle). */
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/**
 * Staff screens speak the staff member's own language (her preferredLang), whatever language the
 * device was left in by the last person who used it.
 */
const useStaffLanguage = (): void => {
  const { i18n } = useTranslation();
  const member = useMember();
  const preferred = member.data?.preferredLang;
  useEffect(() => {
    if (preferred && i18n.language !== preferred) void i18n.changeLanguage(preferred);
  }, [preferred, i18n]);
};

/** The wide frame of the staff screens (clinician dashboard, admin console): desktop first, usable on a tablet. */
export function StaffFrame({ title, subtitle, logoutLabel, actions, children, testId }: StaffFrameProps) {
  useStaffLanguage();
  return (
    <Box sx={{ minHeight: '100dvh' }} data-testid={testId}>
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap', py: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h6" component="p" sx={{ fontWeight: 800, lineHeight: 1.2 }} noWrap>
              {title}
            </Typography>
            {subtitle ? (
              <Typography variant="body2" color="text.secondary" noWrap>
                {subtitle}
              </Typography>
            ) : null}
          </Box>
          {actions}
          <Button component={RouterLink} to={ROUTES.logout} color="inherit" startIcon={<Logout />} data-testid="staff-logout">
            {logoutLabel}
          </Button>
        </Toolbar>
      </AppBar>
      <Container maxWidth="xl" sx={{ py: { xs: 2, md: 3 }, px: { xs: 2, md: 3 } }}>
        {children}
      </Container>
    </Box>
  );
}
