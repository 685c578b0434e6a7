import type { Language } from '@puente/domain';

/** The SMS that carries a guest link to the member's phone, in her language. */
export const guestLinkSms = (lang: Language, url: string): string =>
  lang === 'en' ? `Join your Puente consultation: ${url}` : `Entra a tu consulta de Puente: ${url}`;
