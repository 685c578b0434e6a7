import { createTheme } from '@mui/material/styles';

// TODO(domain): read these from the domain theme constants once @puente/domain exports them.
export const THEME_CONSTANTS = {
  primary: '#FF5A40', // spec 9: colours
  secondary: '#037774',
  background: '#F6F1EB',
  spacingPx: 8, // spec 9: spacing unit 8 px
  radiusPx: 16, // spec 9: radius 16 px
  breakpoints: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 }, // spec 9
} as const;

export const theme = createTheme({
  palette: {
    primary: { main: THEME_CONSTANTS.primary, contrastText: '#FFFFFF' },
    secondary: { main: THEME_CONSTANTS.secondary, contrastText: '#FFFFFF' },
    background: { default: THEME_CONSTANTS.background, paper: '#FFFFFF' },
  },
  spacing: THEME_CONSTANTS.spacingPx,
  shape: { borderRadius: THEME_CONSTANTS.radiusPx },
  breakpoints: { values: { ...THEME_CONSTANTS.breakpoints } },
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
