/**
 * The space below a screen that the member's bottom navigation covers (RootLayout sets it on the
 * page's main landmark while the navigation shows; Screen's least height leaves it out, so a short
 * screen fills the phone without scrolling by the navigation's height for nothing). Its own module:
 * RootLayout is in the first script, Screen's Container is not.
 */
export const BOTTOM_SPACE_VAR = '--bottom-space';
