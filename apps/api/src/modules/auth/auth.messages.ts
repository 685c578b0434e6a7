import type { Language } from '@puente/domain';

/** The SMS that carries a verification code, in the language of the request. */
export const verificationSms = (lang: Language, code: string): string =>
  lang === 'en' ? `Your Puente code is ${code}` : `Tu código de Puente es ${code}`;
