import { describe, expect, it } from 'vitest';
import { safeFileName, sniffAttachment } from './attachment-sniff';
import { addressOf, messageEmail, REPLY_MARKER, replyAddress, replyText, tokenFromRecipients } from './chat-email';

describe('email threading helpers', () => {
  it.each([
    ['reply+abcdefghijklmnopqrstuvwx@puente.local', 'abcdefghijklmnopqrstuvwx'],
    ['María <REPLY+Abc_def-GHIJKLMNOPQRS@puente.local>, otro@x.mx', 'Abc_def-GHIJKLMNOPQRS'],
    ['reply+short@puente.local', null],
    ['someone@puente.local', null],
  ])('the token of %s is %s', (to, token) => {
    expect(tokenFromRecipients(to)).toBe(token);
  });

  it('reads the bare sender address', () => {
    expect(addressOf('María Hernández <Maria@Example.com>')).toBe('maria@example.com');
    expect(addressOf(' ana@example.com ')).toBe('ana@example.com');
  });

  it.each([
    ['Gracias, así lo haré.\n\nOn Mon, Nov 23, 2026 at 10:00 AM Puente wrote:\n> Toma agua', 'Gracias, así lo haré.'],
    ['Sí\r\nEl lun, 23 nov 2026 a las 10:00, Puente escribió:\r\n> hola', 'Sí'],
    ['Ok\n-----Original Message-----\nFrom: Puente', 'Ok'],
    [`Perfecto\n\n${REPLY_MARKER}\nResponde a este correo`, 'Perfecto'],
    ['> only the quote', ''],
  ])('keeps only the new text of a reply (%#)', (text, expected) => {
    expect(replyText(text)).toBe(expected);
  });

  it('writes the notification in the recipient language with the reply address', () => {
    const reply = replyAddress('tok', 'puente.local');
    const es = messageEmail('es', { authorName: 'Ana', body: 'Hola', fileName: null, replyTo: reply });
    expect(es.subject).toBe('Puente: nuevo mensaje en tu consulta');
    expect(es.body).toContain('Ana te escribió:\n\nHola');
    expect(es.body).toContain(reply);
    const en = messageEmail('en', { authorName: 'Ana', body: null, fileName: 'a.png', replyTo: reply });
    expect(en.body).toContain('[Attachment: a.png. Open it in the app.]');
  });
});

describe('attachment checks', () => {
  it('the name keeps no path and takes the extension of the real content', () => {
    expect(safeFileName('../../etc/passwd', 'png')).toBe('passwd.png');
    expect(safeFileName('C:\\fotos\\"garganta".jpeg', 'png')).toBe('garganta.png');
    expect(safeFileName(undefined, 'pdf')).toBe('archivo.pdf');
  });

  it('text, svg and executables are not attachments', async () => {
    expect(await sniffAttachment(Buffer.from('hola, soy texto'))).toBeNull();
    expect(await sniffAttachment(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(await sniffAttachment(Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(100)]))).toBeNull();
    expect(await sniffAttachment(Buffer.from('%PDF-1.7\n%%EOF'))).toEqual({ contentType: 'application/pdf', ext: 'pdf' });
  });
});
