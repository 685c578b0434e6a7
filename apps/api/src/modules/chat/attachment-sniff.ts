import { fileTypeFromBuffer } from 'file-type';

/**
 * spec 5: attachments are image or pdf only. The type comes from the file's own bytes (magic
 * numbers, read by file-type), never from the name or the type the client claims. Only these
 * formats pass: raster images a browser shows safely, and PDF. SVG is left out on purpose (it can
 * carry script).
 */
export const SNIFFED_ATTACHMENT_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** The detected content type when it is allowed, else null (executables, archives, text...). */
export async function sniffAttachment(data: Buffer): Promise<{ contentType: string; ext: string } | null> {
  const detected = await fileTypeFromBuffer(data);
  if (!detected) return null;
  const ext = SNIFFED_ATTACHMENT_TYPES[detected.mime];
  return ext ? { contentType: detected.mime, ext } : null;
}

/**
 * A file name safe to show and to put in Content-Disposition: no path, no control characters, at
 * most 200 characters, and the extension of what the bytes really are.
 */
export function safeFileName(clientName: string | undefined, ext: string): string {
  const base = (clientName ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}"]/gu, '')
    .trim()
    .slice(0, 200);
  const stem = base.replace(/\.[^.]*$/, '') || 'archivo';
  return `${stem}.${ext}`;
}
