import { describe, expect, it } from 'vitest';
import { foldLine, invitation } from './scheduling.ics';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');
const unfold = (s: string) => s.replace(/\r\n /g, '');

describe('the .ics invitation folds content lines at 75 octets (RFC 5545 §3.1)', () => {
  it('leaves a short line alone and folds a long one with CRLF + space, at most 75 octets each', () => {
    expect(foldLine('SEQUENCE:1')).toBe('SEQUENCE:1');
    const exact = `X:${'a'.repeat(73)}`;
    expect(foldLine(exact)).toBe(exact);
    const long = `DESCRIPTION:${'b'.repeat(200)}`;
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBe(3);
    expect(lines.map(octets)).toEqual([75, 75, 212 - 75 - 74 + 1]);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(unfold(folded)).toBe(long);
  });

  it('never splits a multi-octet UTF-8 character (accents, emoji)', () => {
    const text = `SUMMARY:${'Consulta agendada con María Fernández Núñez — señal 👩‍⚕️ '.repeat(6)}`;
    const folded = foldLine(text);
    expect(unfold(folded)).toBe(text);
    for (const line of folded.split('\r\n')) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      // A split inside a character would leave a lone surrogate or bytes that do not round-trip.
      expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
      expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(line)).toBe(false);
    }
  });

  it('the whole invitation: every line within 75 octets, and unfolded it carries the full description', () => {
    const description = 'Tu consulta con María Fernández es el miércoles 25 de noviembre de 2026, 9:00 a.m. Entra aquí: https://puente.example/inicio?scheduledAppointmentId=6f1c1a2e-0000-4000-8000-000000000000';
    const ics = invitation({
      method: 'REQUEST',
      uid: '6f1c1a2e-0000-4000-8000-000000000000@puente',
      sequence: 2,
      start: new Date('2026-11-25T15:00:00Z'),
      end: new Date('2026-11-25T15:45:00Z'),
      now: new Date('2026-11-23T14:00:00Z'),
      summary: 'Consulta agendada en Puente',
      description,
      url: 'https://puente.example/inicio?scheduledAppointmentId=6f1c1a2e-0000-4000-8000-000000000000',
      organizerEmail: 'citas@puente.example',
      attendeeEmail: 'ana.lucia.fernandez.nunez@correo-muy-largo.example.com',
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    const physical = ics.slice(0, -2).split('\r\n');
    expect(physical.every((l) => octets(l) <= 75)).toBe(true);
    expect(physical.some((l) => l.startsWith(' '))).toBe(true);
    const logical = unfold(ics).split('\r\n');
    expect(logical).toContain(`DESCRIPTION:${description.replace(/,/g, '\\,')}`);
    expect(logical).toContain('ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:ana.lucia.fernandez.nunez@correo-muy-largo.example.com');
    expect(logical).toContain('SEQUENCE:2');
  });
});
