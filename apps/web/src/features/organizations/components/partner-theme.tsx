import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, darken, type Theme } from '@mui/material/styles';
import { partnerColorsSchema, partnerPalette, type PartnerPalette } from '@puente/domain';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useMember } from '@/features/profile';
import { useSessionToken } from '@/lib/session';
import { AppThemeProvider } from '@/lib/theme-provider';
import { readStorage, removeSessionStorage, SESSION_STORAGE_KEYS, STORAGE_KEYS, writeSessionStorage } from '@/lib/storage';
import { useThemeConfig } from '../api/get-theme-config';

/**
 * The app's theme in a partner's colours (spec 3 Partner theme): the domain's partnerPalette keeps
 * every text pair at AA whatever the colours (issue 10), so only the palette and the focus ring change.
 */
export const createPartnerTheme = (base: Theme, palette: PartnerPalette): Theme =>
  createTheme(base, {
    palette: {
      primary: { main: palette.primary, light: palette.brand, dark: darken(palette.primary, 0.2), contrastText: palette.primaryText },
      secondary: { main: palette.secondary, dark: darken(palette.secondary, 0.2), contrastText: palette.secondaryText },
      background: { default: palette.background },
    },
    components: {
      MuiCssBaseline: { styleOverrides: { '*:focus-visible': { outline: `3px solid ${palette.primary}`, outlineOffset: 2 } } },
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': { outline: `3px solid ${palette.primary}`, outlineOffset: 2 } } } },
    },
  });

/**
 * Re-themes the app for a partner: the signed-in member's organization, or before sign-in the
 * organization of a partner link (/login?orgId=). The partner id is held in session storage (spec 3).
 */
export function PartnerThemeProvider({ base, children }: { base: Theme; children: ReactNode }) {
  const token = useSessionToken();
  const member = useMember();
  // A signed-in member's organization is asked for its theme only when it has a partner (no 404 to log).
  const organizationId = token ? (member.data?.organization?.partner ? member.data.organization.id : null) : readStorage(STORAGE_KEYS.b2bOrgId);
  const config = useThemeConfig(organizationId);
  const partner = organizationId ? config.data : null;

  useEffect(() => {
    if (partner) writeSessionStorage(SESSION_STORAGE_KEYS.partnerId, partner.partnerId);
    // A member known to have no partner (or no organization) is not a partner user.
    else if (token && member.isSuccess && (!organizationId || config.isSuccess)) removeSessionStorage(SESSION_STORAGE_KEYS.partnerId);
  }, [partner, token, member.isSuccess, organizationId, config.isSuccess]);

  const theme = useMemo(() => {
    const colors = partner ? partnerColorsSchema.safeParse({ ...partner.colors, background: partner.colors.background ?? undefined }) : null;
    return colors?.success ? createPartnerTheme(base, partnerPalette(colors.data)) : base;
  }, [base, partner]);
  return (
    <AppThemeProvider theme={theme}>
      {/* The page background follows the partner's. */}
      {theme !== base ? <CssBaseline /> : null}
      {children}
    </AppThemeProvider>
  );
}
