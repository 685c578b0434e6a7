import type { Language } from '@puente/domain';

/** Money arrives in integer minor units; shown in the member's language. */
export const formatMoney = (amountMinor: number, currency: string, lang: Language): string =>
  new Intl.NumberFormat(lang === 'es' ? 'es-MX' : 'en-US', { style: 'currency', currency }).format(amountMinor / 100);

export const formatDate = (iso: string, lang: Language): string =>
  new Intl.DateTimeFormat(lang === 'es' ? 'es-MX' : 'en-US', { dateStyle: 'long' }).format(new Date(iso));
