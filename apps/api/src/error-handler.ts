import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError, fromZodError } from './errors';
import { sendError } from './http';

const isFastifyError = (e: unknown): e is FastifyError =>
  e instanceof Error && typeof (e as Partial<FastifyError>).statusCode === 'number';

/**
 * Every error becomes the one error shape. Bad input (zod, malformed JSON, wrong content type,
 * oversized body) is a 4xx from the catalogue; only a real fault is 500 UNKNOWN_ERROR, and it is logged.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return fromZodError(error);
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
        return new AppError('INVALID_DATA', { fields: { _: 'invalid_request_body' } });
      default:
        // 413 body too large, 415 unsupported media type, 406...: still bad input, keep the status.
        return new AppError('INVALID_DATA', { status: error.statusCode, fields: { _: 'invalid_request_body' } });
    }
  }
  return new AppError('UNKNOWN_ERROR');
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, appError);
  });
}
