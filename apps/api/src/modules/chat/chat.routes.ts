import fastifyMultipart from '@fastify/multipart';
import { CHAT_PATHS, createConversationInputSchema, INBOUND_EMAIL_SECRET_HEADER, type ConversationResponse, type CreateConversationResponse } from '@puente/contracts';
import { CHAT, CHAT_KEYS, safeString } from '@puente/domain';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { REQUEST_ERROR_KEYS } from '../../error-handler';
import { AppError } from '../../errors';
import { parseWith, requireAuth } from '../../http';
import type { AttachmentUpload, ChatService } from './chat.service';

const conversationParams = z.object({ id: safeString().check(z.minLength(1)) });
const attachmentParams = z.object({ id: safeString().check(z.minLength(1)), sid: safeString().check(z.minLength(1)) });

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
const contentDisposition = (kind: 'inline' | 'attachment', fileName: string): string => {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};

/** The chat REST calls (spec 7 twilio/conversations and twilio/participants, ours). */
export function chatRoutes(chat: ChatService) {
  return async (app: FastifyInstance): Promise<void> => {
    // Multipart only for these routes: one file, at most the spec's size plus one byte (so an
    // oversize file is recognised as such, not cut short).
    await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, fieldSize: 10_000, fileSize: CHAT.attachmentMaxBytes + 1, parts: 8 } });

    app.post(CHAT_PATHS.conversations, { config: { guest: true } }, async (request): Promise<CreateConversationResponse> => {
      const actor = requireAuth(request);
      const { appointmentId } = parseWith(createConversationInputSchema, request.body ?? {});
      return chat.ensureConversation(actor.user, appointmentId);
    });

    app.get('/api/chat/conversations/:id', { config: { guest: true } }, async (request): Promise<ConversationResponse> => {
      const actor = requireAuth(request);
      const { id } = parseWith(conversationParams, request.params);
      return chat.getConversation(actor.user, id, request.query);
    });

    app.post('/api/chat/conversations/:id/attachments', { config: { guest: true } }, async (request, reply) => {
      const actor = requireAuth(request);
      const { id } = parseWith(conversationParams, request.params);
      if (!request.isMultipart()) throw new AppError('INVALID_DATA', { fields: { file: CHAT_KEYS.attachmentType } });
      const upload: AttachmentUpload = { fields: {}, fileName: undefined, data: Buffer.alloc(0) };
      let files = 0;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            files += 1;
            upload.fileName = part.filename;
            upload.data = await part.toBuffer();
          } else if (typeof part.value === 'string') {
            upload.fields[part.fieldname] = part.value;
          }
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        const { code, statusCode } = error as { code?: string; statusCode?: number };
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('INVALID_DATA', { fields: { file: CHAT_KEYS.attachmentSize } });
        // Too many parts, files or fields (413), or a content type multipart refuses (406).
        if (typeof code === 'string' && code.startsWith('FST_')) {
          const status = statusCode === 413 ? 413 : 400;
          throw new AppError('INVALID_DATA', { status, fields: status === 413 ? { _: REQUEST_ERROR_KEYS.tooLarge } : { file: CHAT_KEYS.attachmentType } });
        }
        // The multipart parser's own errors (no boundary, a truncated body, a malformed part
        // header): the client sent a broken upload, not a fault of ours.
        throw new AppError('INVALID_DATA', { fields: { _: REQUEST_ERROR_KEYS.body } });
      }
      if (files !== 1) throw new AppError('INVALID_DATA', { fields: { file: CHAT_KEYS.attachmentType } });
      const message = await chat.sendAttachment(actor.user, id, upload);
      return reply.status(201).send({ message });
    });

    app.get('/api/chat/conversations/:id/attachments/:sid', { config: { guest: true } }, async (request, reply) => {
      const actor = requireAuth(request);
      const { id, sid } = parseWith(attachmentParams, request.params);
      const file = await chat.readAttachment(actor.user, id, sid);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition('inline', file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'no-store') // health data: no browser cache keeps it
        .send(file.data);
    });

    app.post(CHAT_PATHS.inboundEmail, async (request) => {
      const secret = request.headers[INBOUND_EMAIL_SECRET_HEADER];
      const message = await chat.receiveInboundEmail(typeof secret === 'string' ? secret : undefined, request.body ?? {});
      return { ok: true as const, message };
    });
  };
}
