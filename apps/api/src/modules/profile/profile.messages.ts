import type { Language } from '@puente/domain';

/** The verification and reminder emails (spec 4 "Email verification: unverified, verified (reminder after 24 hours)"). */
export function verificationEmail(lang: Language, link: string, kind: 'first' | 'reminder'): { subject: string; body: string } {
  if (lang === 'en') {
    return kind === 'first'
      ? { subject: 'Confirm your email for Puente', body: `Hi! Please confirm this is your email address by opening this link:\n\n${link}\n\nIf you did not add this email to Puente, you can ignore this message.` }
      : { subject: 'Reminder: confirm your email for Puente', body: `You added this email to Puente but have not confirmed it yet. Open this link to confirm it:\n\n${link}\n\nIf you did not add this email to Puente, you can ignore this message.` };
  }
  return kind === 'first'
    ? { subject: 'Confirma tu correo en Puente', body: `¡Hola! Confirma que este es tu correo abriendo este enlace:\n\n${link}\n\nSi no agregaste este correo en Puente, ignora este mensaje.` }
    : { subject: 'Recordatorio: confirma tu correo en Puente', body: `Agregaste este correo en Puente pero aún no lo confirmas. Abre este enlace para confirmarlo:\n\n${link}\n\nSi no agregaste este correo en Puente, ignora este mensaje.` };
}
