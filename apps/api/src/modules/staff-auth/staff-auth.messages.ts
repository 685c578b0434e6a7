import type { Language } from '@puente/domain';

/** The email that carries a staff sign-in code, in the staff member's language. */
export const staffCodeEmail = (lang: Language, code: string): { subject: string; body: string } =>
  lang === 'en'
    ? { subject: 'Your Puente staff sign-in code', body: `Your Puente sign-in code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this email.` }
    : { subject: 'Tu código de acceso de personal de Puente', body: `Tu código de acceso a Puente es ${code}. Vence en 10 minutos. Si no lo pediste, ignora este correo.` };
