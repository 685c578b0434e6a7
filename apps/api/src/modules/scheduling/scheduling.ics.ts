/**
 * The calendar invitation attached to the confirmation email (RFC 5545). The same UID for the life
 * of a booking; SEQUENCE grows with each reschedule; METHOD:REQUEST books or updates, METHOD:CANCEL
 * removes it from the member's calendar.
 */
const stamp = (d: Date): string => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const escapeText = (s: string): string => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/**
 * RFC 5545 §3.1: a content line longer than 75 octets is folded, CRLF and one space before each
 * continuation (the space counts toward its 75), never inside a UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export interface InvitationInput {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  now: Date;
  summary: string;
  description: string;
  url?: string;
  organizerEmail: string;
  attendeeEmail: string;
}

export function invitation(i: InvitationInput): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Puente//Scheduling//ES',
    'CALSCALE:GREGORIAN',
    `METHOD:${i.method}`,
    'BEGIN:VEVENT',
    `UID:${i.uid}`,
    `SEQUENCE:${i.sequence}`,
    `DTSTAMP:${stamp(i.now)}`,
    `DTSTART:${stamp(i.start)}`,
    `DTEND:${stamp(i.end)}`,
    `SUMMARY:${escapeText(i.summary)}`,
    `DESCRIPTION:${escapeText(i.description)}`,
    ...(i.url ? [`URL:${i.url}`] : []),
    `ORGANIZER:mailto:${i.organizerEmail}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${i.attendeeEmail}`,
    `STATUS:${i.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
