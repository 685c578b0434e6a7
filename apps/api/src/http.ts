import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '@puente/domain';
import type * as z from 'zod/mini';
import { AppError, fromZodError, languageFromHeader } from './errors';
import type { AuthContext } from './modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer hook when a valid session token came with the request. */
    auth: AuthContext | null;
  }
}

/** Parse input with a contract schema; failures become 400 INVALID_DATA with a field map. */
export function parseWith<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}

/** The authenticated member's preferred language, else Accept-Language, else es. */
export function requestLanguage(request: FastifyRequest): Language {
  return request.auth?.user.preferredLang ?? languageFromHeader(request.headers['accept-language']);
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(error.status).send(error.toJSONBody(requestLanguage(request)));
}
