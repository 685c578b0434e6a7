/** A slot's date and time in the member's zone and language. */
export const formatWhen = (iso: string, timeZone: string, language: string): string =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(iso));
