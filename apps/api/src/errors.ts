import type { ApiError, ApiErrorBody } from '@puente/contracts';
import { DEFAULT_LANGUAGE, ERROR_MESSAGES, ERROR_STATUS, INVALID_VALUE_KEY, type ErrorCode, type ErrorReason, type Language } from '@puente/domain';
import type * as z from 'zod/mini';

export interface AppErrorOptions {
  reason?: ErrorReason;
  /** field path -> message key the web form translates */
  fields?: Record<string, string>;
  data?: Record<string, unknown>;
  retryAfterSeconds?: number;
  /** Overrides the catalogue status (rare; e.g. 420 "go home with a modal"). */
  status?: number;
}

/** The one error type services throw. Its body has the contracts apiErrorSchema shape. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly reason: ErrorReason | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly data: Record<string, unknown> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.reason ? `${code}: ${options.reason}` : code);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    this.reason = options.reason;
    this.fields = options.fields;
    this.data = options.data;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** The body in the caller's language. */
  toBody(lang: Language): ApiErrorBody {
    const body: ApiErrorBody = { code: this.code, status: this.status, message: ERROR_MESSAGES[this.code][lang] };
    if (this.reason) body.reason = this.reason;
    if (this.fields) body.fields = this.fields;
    if (this.retryAfterSeconds !== undefined) body.retryAfterSeconds = this.retryAfterSeconds;
    if (this.data) body.data = this.data;
    return body;
  }

  toJSONBody(lang: Language): ApiError {
    return { error: this.toBody(lang) };
  }
}

/** A message key (snake_case, kebab-case, dotted), as opposed to zod's own English sentences. */
const isMessageKey = (message: string): boolean => /^[A-Za-z0-9_.-]+$/.test(message);

/**
 * A zod failure as 400 INVALID_DATA with field path -> message key (the first issue per path). A
 * check without a key of its own (zod's default English text, e.g. a body that is not an object)
 * gets a generic key, so the field map only ever holds keys the web app translates.
 */
export function fromZodError(error: z.core.$ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[key] ??= isMessageKey(issue.message) ? issue.message : key === '_' ? 'invalid_request_body' : INVALID_VALUE_KEY;
  }
  return new AppError('INVALID_DATA', { fields });
}

/** The caller's language from Accept-Language (first of es/en that appears by preference), default es. */
export function languageFromHeader(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return DEFAULT_LANGUAGE;
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.trim().toLowerCase().slice(0, 2), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranked) if (r.lang === 'es' || r.lang === 'en') return r.lang;
  return DEFAULT_LANGUAGE;
}
