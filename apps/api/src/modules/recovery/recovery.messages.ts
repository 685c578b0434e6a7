import type { Language } from '@puente/domain';

/** The SMS with a new recovery code (POST /api/auth/send-recovery-code/{phone}). */
export const recoveryCodeSms = (lang: Language, code: string): string =>
  lang === 'en'
    ? `Your new Puente recovery code is ${code}. Keep it safe: it lets you move your account to a new phone. Your previous code no longer works.`
    : `Tu nuevo código de recuperación de Puente es ${code}. Guárdalo: te permite pasar tu cuenta a un teléfono nuevo. Tu código anterior ya no funciona.`;


/**
 * The SMS when someone without the member's session asked for a new code: nothing changed, so a
 * stranger cannot invalidate the code she saved; she learns that someone asked.
 */
export const recoveryCodeUnchangedSms = (lang: Language): string =>
  lang === 'en'
    ? 'Someone asked for a new Puente recovery code for this phone. Your recovery code has not changed. To get a new one, sign in to Puente and ask for it there. If it was not you, ignore this message.'
    : 'Alguien pidió un nuevo código de recuperación de Puente para este teléfono. Tu código de recuperación no cambió. Para obtener uno nuevo, inicia sesión en Puente y pídelo ahí. Si no fuiste tú, ignora este mensaje.';
