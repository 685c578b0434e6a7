/**
 * Where the app is now. The router applies a navigation at once (BrowserRouter writes the address
 * before it renders), but React renders it in a transition, later on a busy phone: an appointment
 * alert heard in between must route from the new address, not from the one still on screen (it
 * sent the member to the waiting room a second time).
 */
export const currentPathname = (): string => window.location.pathname;
