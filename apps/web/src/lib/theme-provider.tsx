import type { Theme } from '@mui/material/styles';
import { ThemeProvider as SystemThemeProvider } from '@mui/system';
import type { ReactNode } from 'react';

/**
 * MUI's ThemeProvider for the app's themes, which have no CSS variables (createTheme without
 * `cssVariables` or `colorSchemes`). @mui/material's ThemeProvider chooses at run time between this
 * and its CSS-variables provider (colour-scheme storage, the init script), so its import brings both
 * into the first script; for a theme like ours it renders @mui/system's provider with the theme as
 * given, as here (issue 10, first load: 9 kB of the first script minified, 3.5 kB gzipped).
 */
export function AppThemeProvider({ theme, children }: { theme: Theme; children: ReactNode }) {
  return <SystemThemeProvider theme={theme}>{children}</SystemThemeProvider>;
}
