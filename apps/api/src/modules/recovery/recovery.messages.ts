import type { Language } from '@puente/domain';

/** The SMS with a new recovery code (POST /api/auth/send-recovery-code/{phone}). */
export const recoveryCodeSms = (lang: Language, code: string): string =>
  lang === 'en'
    ? `Your new Puente recovery code is ${code}. Keep it safe: it lets you move your account to a new phone. Your previous code no longer works.`
    : `Tu nuevo código de recuperación de Puente es ${code}. Guárdalo: te permite pasar tu cuenta a un teléfono nuevo. Tu código anterior ya no funciona.`;

