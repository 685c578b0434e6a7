/**
 * spec 9: m:ss for the resend wait and similar timers (the waiting room's countdown). A module of its
 * own: /login's resend wait uses it, and with the waiting room's rules it brought them to /login's
 * first load (issue 10).
 */
export const formatMinutesSeconds = (ms: number): string => {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
};
