import { createTheme } from '@mui/material/styles';
import { THEME } from '@puente/domain';

/** spec 9: colours, spacing 8, radius 16, breakpoints xs 0 sm 600 md 960 lg 1280 xl 1920 (from @puente/domain). */
export const theme = createTheme({
  palette: {
    primary: { main: THEME.colors.primary, contrastText: '#FFFFFF' },
    secondary: { main: THEME.colors.secondary, contrastText: '#FFFFFF' },
    background: { default: THEME.colors.background, paper: '#FFFFFF' },
  },
  spacing: THEME.spacingPx,
  shape: { borderRadius: THEME.radiusPx },
  breakpoints: { values: { ...THEME.breakpoints } },
  typography: {
    fontFamily: '"Roboto", "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 999, minHeight: 48 } },
    },
  },
});
