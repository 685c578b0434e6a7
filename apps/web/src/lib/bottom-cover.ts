/**
 * WCAG 2.4.11 (focus not obscured): what stays at the bottom of the screen (the member's bottom
 * navigation, a toast) is left out of the part of the page that the browser scrolls a focused
 * element into: the page's scroll-padding-bottom (set by the theme) is the larger of the two.
 * Without it, Tab brought a control to the bottom edge of the screen, under the navigation.
 */
const COVER_VARS = { navigation: '--navigation-cover', toast: '--toast-cover' } as const;

/** The page's scroll-padding-bottom (the theme's baseline puts it on the root element). */
export const SCROLL_PADDING_BOTTOM = `max(var(${COVER_VARS.navigation}, 0px), var(${COVER_VARS.toast}, 0px))`;

/** How much of the bottom of the screen `what` covers now, in px (null: nothing). */
export const setBottomCover = (what: keyof typeof COVER_VARS, px: number | null): void => {
  const style = document.documentElement.style;
  if (px === null) style.removeProperty(COVER_VARS[what]);
  else style.setProperty(COVER_VARS[what], `${Math.ceil(px)}px`);
};
