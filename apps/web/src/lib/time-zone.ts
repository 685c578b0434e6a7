/** spec 9: default time zone fallback America/Mexico_City. */
export const DEFAULT_TIME_ZONE = 'America/Mexico_City';

export const getTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
};
