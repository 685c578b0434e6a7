import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { DEFAULT_LANGUAGE } from '@puente/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { AppError, fromZodError } from './errors';
import { sendError } from './http';

const isFastifyError = (e: unknown): e is FastifyError =>
  e instanceof Error && typeof (e as Partial<FastifyError>).statusCode === 'number';

/**
 * Ours (issue 8): the message keys of request-level bad input (no single field to blame). The web
 * app translates them in locales/<lang>/common.json.
 */
export const REQUEST_ERROR_KEYS = {
  body: 'invalid_request_body',
  url: 'invalid_request_url',
  mediaType: 'unsupported_media_type',
  tooLarge: 'request_too_large',
  headers: 'request_headers_too_large',
} as const;

/** Fastify's (and its plugins') own error codes for bad input, with the status and key they answer. */
const FRAMEWORK_ERRORS: Record<string, { status: number; key: string }> = {
  FST_ERR_BAD_URL: { status: 400, key: REQUEST_ERROR_KEYS.url },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, key: REQUEST_ERROR_KEYS.url },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: REQUEST_ERROR_KEYS.mediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: REQUEST_ERROR_KEYS.body },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: REQUEST_ERROR_KEYS.body },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: REQUEST_ERROR_KEYS.body },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: REQUEST_ERROR_KEYS.tooLarge },
};

/**
 * Every error becomes the one error shape. Bad input (zod, malformed JSON, wrong content type,
 * oversized body, a bad URL) is a 4xx from the catalogue; only a real fault is 500 UNKNOWN_ERROR,
 * and it is logged.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.core.$ZodError) return fromZodError(error);
  if (isFastifyError(error)) {
    const known = FRAMEWORK_ERRORS[error.code];
    if (known) return new AppError('INVALID_DATA', { status: known.status, fields: { _: known.key } });
  }
  if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    switch (error.statusCode) {
      case 401:
        return new AppError('UNAUTHORIZED');
      case 403:
        return new AppError('FORBIDDEN');
      case 404:
        return new AppError('NOT_FOUND');
      case 429:
        return new AppError('LIMIT_EXCEEDED');
      case 400:
        return new AppError('INVALID_DATA', { fields: { _: REQUEST_ERROR_KEYS.body } });
      case 413:
        return new AppError('INVALID_DATA', { status: 413, fields: { _: REQUEST_ERROR_KEYS.tooLarge } });
      default:
        // 406, 411, 414...: still bad input, keep the status.
        return new AppError('INVALID_DATA', { status: error.statusCode, fields: { _: REQUEST_ERROR_KEYS.body } });
    }
  }
  return new AppError('UNKNOWN_ERROR');
}

/**
 * Fastify's `frameworkErrors`: errors raised before a route is found (bad percent-encoding in the
 * URL, a path parameter over maxParamLength) answer in the one error shape too.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void sendError(request, reply, toAppError(error));
}

/**
 * Fastify's `clientErrorHandler`: the HTTP parser refused the request (headers too large, a
 * malformed request line, a timeout) before there is a request to answer. The body is the one
 * error shape in the default language (there are no headers to read a language from).
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const key = status === 431 ? REQUEST_ERROR_KEYS.headers : REQUEST_ERROR_KEYS.body;
  const body = JSON.stringify(new AppError('INVALID_DATA', { status, fields: { _: key } }).toJSONBody(DEFAULT_LANGUAGE));
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, appError);
  });
}
