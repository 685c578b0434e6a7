import { createTheme, darken } from '@mui/material/styles';
import { THEME } from '@puente/domain';
import { SCROLL_PADDING_BOTTOM } from './bottom-cover';

/**
 * WCAG 2.2 AA (issue 10): text and icons need 4.5:1 against what they sit on. The spec's brand
 * orange (#FF5A40) reaches only 3.09:1 with white and 2.75:1 as text on the cream background, so
 * the theme decides once, here, for every screen: what carries text (button fills, links, text
 * and outlined buttons, focused fields, checkboxes) uses a darker shade of the same hue
 * (`BRAND_TEXT`: the brand darkened 28%, 5.6:1 with white, 4.9:1 on cream), and the brand orange
 * itself stays as `primary.light` for decoration only (the PWA theme colour, illustrations).
 * The contrast of every pair is computed in theme.test.ts.
 */
export const BRAND_TEXT = darken(THEME.colors.primary, 0.28);

/** The minimum contrast of text (WCAG 1.4.3 AA); MUI picks each palette's contrastText with it. */
export const TEXT_CONTRAST = 4.5;

/** The app under `prefers-reduced-motion: reduce` (CssBaseline; screens.e2e checks it in Chromium). */
const REDUCED_MOTION = {
  '*, *::before, *::after': { transitionDuration: '0s !important', transitionDelay: '0s !important', scrollBehavior: 'auto !important' },
  '.MuiTouchRipple-root': { display: 'none' },
  '.MuiSkeleton-root, .MuiSkeleton-root::after': { animation: 'none' },
} as const;

/** spec 9: colours, spacing 8, radius 16, breakpoints xs 0 sm 600 md 960 lg 1280 xl 1920 (from @puente/domain). */
export const theme = createTheme({
  palette: {
    contrastThreshold: TEXT_CONTRAST,
    primary: { main: BRAND_TEXT, light: THEME.colors.primary, dark: darken(BRAND_TEXT, 0.2), contrastText: '#FFFFFF' },
    secondary: { main: THEME.colors.secondary, contrastText: '#FFFFFF' },
    background: { default: THEME.colors.background, paper: '#FFFFFF' },
    // MUI's default red (4.4:1 on the cream) and light blue (white text fails on its dark shade): one step darker.
    error: { main: '#C62828' },
    info: { main: '#01579B' },
    // MUI's default secondary text (60% black) is 5.6:1 on the cream; 0.65 keeps a margin on tinted surfaces.
    text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.65)' },
    // Unselected toggle buttons write their text in action.active: MUI's 54% black is 4.46:1 on the cream.
    action: { active: 'rgba(0, 0, 0, 0.62)' },
  },
  spacing: THEME.spacingPx,
  shape: { borderRadius: THEME.radiusPx },
  breakpoints: { values: { ...THEME.breakpoints } },
  typography: {
    fontFamily: '"Roboto", "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      // WCAG 2.4.7/2.4.13: whatever has the keyboard focus shows a 3 px ring in the text shade
      // (fields show theirs as the 2 px border of the focused outline).
      styleOverrides: {
        '*:focus-visible': { outline: `3px solid ${BRAND_TEXT}`, outlineOffset: 2 },
        // WCAG 2.4.11: a control the focus scrolls to stops above the bottom navigation and a toast.
        html: { scrollPaddingBottom: SCROLL_PADDING_BOTTOM },
        // A person who asked her device for less motion (vestibular disorders, migraine; WCAG 2.3.3)
        // gets no sliding sheets and dialogs, no ripples and no sweeping placeholders: what changes
        // changes at once. Spinners keep turning (they say something is on its way).
        '@media (prefers-reduced-motion: reduce)': REDUCED_MOTION,
      },
    },
    MuiButtonBase: {
      // The ring above replaces the ripple's faint pulse as the keyboard focus indicator.
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: `3px solid ${BRAND_TEXT}`, outlineOffset: 2 } } },
    },
    // A focused field is outlined in the text colour, not the brand's shade: that red-orange is close to
    // the error red, and a field being typed in looked like one in error. A field in error keeps its red.
    MuiOutlinedInput: {
      styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-focused:not(.Mui-error) .MuiOutlinedInput-notchedOutline': { borderColor: t.palette.text.primary } }) },
    },
    MuiFormLabel: {
      styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-focused:not(.Mui-error)': { color: t.palette.text.primary } }) },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 999, minHeight: 48 } },
    },
    MuiTypography: {
      // A subtitle is a paragraph unless its `component` makes it a heading of a chosen level: MUI
      // makes both subtitles h6, and axe's heading-order found a level-6 heading under an h2 on four
      // screens (the note template, the record's note fields). The other variants keep MUI's mapping.
      defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } },
    },
  },
});
