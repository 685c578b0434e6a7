import Logout from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LANGUAGES, type Language } from '@puente/domain';
import { useMember } from '../api/get-member';
import { useUpdateMember } from '../api/update-member';
import { showToast } from '@/lib/toast';
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

/**
 * The staff member's language choice (issue 11): stored as her preferredLang, so every staff
 * screen, on any device, follows it (useStaffLanguage).
 */
function StaffLanguageChoice() {
  const { t, i18n } = useTranslation();
  const member = useMember();
  const update = useUpdateMember();
  const me = member.data;
  if (!me) return null;
  const current = (me.preferredLang ?? i18n.language) as Language;
  const handleChange = (lang: Language) => {
    if (lang === current) return;
    update.mutate({ memberId: me.id, data: { preferredLang: lang } }, { onError: () => showToast({ variant: 'warning', message: 'staff_language_error' }) });
  };
  return (
    <TextField
      select
      size="small"
      label={t('staff_language_label')}
      value={current}
      disabled={update.isPending}
      onChange={(e) => handleChange(e.target.value as Language)}
      slotProps={{ htmlInput: { 'data-testid': 'staff-language' } }}
      sx={{ minWidth: 130 }}
    >
      {LANGUAGES.map((lang) => (
        <MenuItem key={lang} value={lang} lang={lang} data-testid={`staff-language-${lang}`}>
          {lang === 'es' ? 'Español' : 'English'}
        </MenuItem>
      ))}
    </TextField>
  );
}

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
          <StaffLanguageChoice />
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
