/** spec 5 chat rules and spec 9 chat limits. */
import * as z from 'zod/mini';
import { safeString } from './text';
import { CHAT } from '../constants';
import { ATTACHMENT_TYPES } from '../enums';

/** Ours: the spec names no keys for chat errors. */
export const CHAT_KEYS = {
  empty: 'chat_message_empty',
  attachmentType: 'chat_attachment_type_error',
  attachmentSize: 'chat_attachment_size_error',
} as const;

/** spec 5: a message is sent only if non-empty after trimming. */
export const chatMessageSchema = safeString().check(z.trim(), z.minLength(1, { message: CHAT_KEYS.empty }));
export const shouldSendChatMessage = (text: string | null | undefined): boolean => (text ?? '').trim().length > 0;

/** spec 5: attachments are image or pdf only. */
export const isAllowedAttachmentMime = (contentType: string): boolean => {
  const t = contentType.trim().toLowerCase();
  return CHAT.attachmentMimePrefixes.some((p) => t.startsWith(p)) || (CHAT.attachmentMimeTypes as readonly string[]).includes(t);
};

export const chatAttachmentSchema = z.object({
  fileName: safeString().check(z.trim(), z.minLength(1, { message: CHAT_KEYS.attachmentType })),
  contentType: safeString().check(z.refine(isAllowedAttachmentMime, { message: CHAT_KEYS.attachmentType })),
  size: z.int().check(z.positive({ message: CHAT_KEYS.attachmentSize }), z.lte(CHAT.attachmentMaxBytes, { message: CHAT_KEYS.attachmentSize })),
  type: z.enum(ATTACHMENT_TYPES, { error: CHAT_KEYS.attachmentType }),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** spec 9: file names over 30 characters are truncated (the extension is kept). */
export const truncateFileName = (name: string, max: number = CHAT.fileNameMaxChars): string => {
  if (name.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
  return `${name.slice(0, Math.max(1, max - ext.length - 1))}…${ext}`;
};
