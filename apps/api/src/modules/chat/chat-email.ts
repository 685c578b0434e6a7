import type { Language } from '@puente/domain';

/** The reply address of a conversation: reply+<token>@<domain>. */
export const replyAddress = (token: string, domain: string): string => `reply+${token}@${domain}`;

/** The conversation token found in any of the To addresses, or null. */
export function tokenFromRecipients(to: string | string[]): string | null {
  const all = Array.isArray(to) ? to.join(',') : to;
  return /reply\+([A-Za-z0-9_-]{16,100})@/i.exec(all)?.[1] ?? null;
}

/** The bare address of a From header ("Ana <ana@x.mx>" -> ana@x.mx), lower case. */
export function addressOf(from: string): string {
  const angle = /<([^>]+)>/.exec(from)?.[1];
  return (angle ?? from).trim().toLowerCase();
}

/**
 * The new text of a reply: everything before the quoted original. Mail programs quote with
 * lines starting '>' after an attribution line ("On ... wrote:", "El ... escribió:") or an
 * "-----Original Message-----" separator; our own notification starts its footer with a marker.
 */
export function replyText(text: string): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const kept: string[] = [];
  for (const line of lines) {
    const t = line.trim();
    if (t.startsWith('>')) break;
    if (/^(on\b.*wrote:|el\b.*escribi[oó]:)$/i.test(t)) break;
    if (/^-{2,}\s*(original message|mensaje original)\s*-{2,}$/i.test(t)) break;
    if (t === REPLY_MARKER) break;
    kept.push(line);
  }
  return kept.join('\n').trim();
}

/** Our emails put this line above the footer; a reply that quotes us without '>' is cut here. */
export const REPLY_MARKER = '-- Puente --';

const TEXT = {
  es: {
    subject: 'Puente: nuevo mensaje en tu consulta',
    from: (name: string) => `${name} te escribió:`,
    attachment: (file: string) => `[Archivo adjunto: ${file}. Ábrelo en la app.]`,
    footer: 'Responde a este correo para contestar; tu respuesta se agrega a la consulta.',
  },
  en: {
    subject: 'Puente: new message in your consultation',
    from: (name: string) => `${name} wrote:`,
    attachment: (file: string) => `[Attachment: ${file}. Open it in the app.]`,
    footer: 'Reply to this email to answer; your reply is added to the consultation.',
  },
} as const;

/** The notification of one message, in the recipient's language. */
export function messageEmail(lang: Language, input: { authorName: string; body: string | null; fileName: string | null; replyTo: string }): { subject: string; body: string } {
  const t = TEXT[lang];
  const lines: string[] = [t.from(input.authorName), ''];
  if (input.body) lines.push(input.body);
  if (input.fileName) lines.push(t.attachment(input.fileName));
  lines.push('', REPLY_MARKER, t.footer, input.replyTo);
  return { subject: t.subject, body: lines.join('\n') };
}
