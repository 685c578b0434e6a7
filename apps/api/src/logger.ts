import type { FastifyServerOptions } from 'fastify';
import { stdSerializers, type DestinationStream } from 'pino';
import type { Config } from './config';

/**
 * Paths pino replaces with [redacted]: codes, tokens, authorization headers, phone numbers and
 * anything a later issue may log about health. Applied in every environment, so a development
 * log pasted into a ticket is as safe as a production one.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  'code',
  'token',
  'pwdlessToken',
  'loginToken',
  'sessionToken',
  'resetToken',
  'recoveryCode',
  'phoneNumber',
  'phone',
  'to',
  'body',
  'variables',
  'medicalConditions',
  'medications',
  'alergies',
  'surgeries',
  'selfAssessment',
  'medicalRecord',
  '*.code',
  '*.token',
  '*.pwdlessToken',
  '*.loginToken',
  '*.sessionToken',
  '*.resetToken',
  '*.recoveryCode',
  '*.phoneNumber',
  '*.phone',
  '*.to',
  '*.body',
  '*.variables',
  '*.authorization',
  '*.medicalConditions',
  '*.medications',
  '*.alergies',
  '*.surgeries',
  '*.selfAssessment',
  '*.medicalRecord',
];

// Phone-like digit runs and query strings can carry personal data (e.g. /user/phone-taken/{phone}).
const PHONE_IN_TEXT = /(\+|%2B)?\d{10,15}/gi;
export const scrubUrl = (url: string): string => url.split('?')[0]!.replace(PHONE_IN_TEXT, '[redacted]');

// SQLSTATE: five digits or upper-case letters (23505 unique_violation, 23514 check_violation, ...).
const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_CAUSES = 5;

/**
 * A database or driver error: drizzle's wrapping error (its message repeats the SQL and every
 * parameter: names, medications, phone numbers), or a PGlite / node-postgres error (message,
 * `detail` and `where` may quote the offending values).
 */
const isDatabaseError = (e: object): boolean => {
  const r = e as Record<string, unknown>;
  if ('query' in r && 'params' in r) return true;
  if (typeof r.code === 'string' && SQLSTATE.test(r.code)) return 'severity' in r || 'constraint' in r || 'detail' in r || 'routine' in r;
  return false;
};
const causeOf = (e: object): unknown => (e as { cause?: unknown }).cause;

/** Whether `err` or one of its causes came from the database. */
export const involvesDatabase = (err: unknown): boolean => {
  let current: unknown = err;
  for (let depth = 0; depth <= MAX_CAUSES && typeof current === 'object' && current !== null; depth++) {
    if (isDatabaseError(current)) return true;
    current = causeOf(current);
  }
  return false;
};

interface DatabaseErrorSummary {
  type: string;
  code?: string;
  constraint?: string;
  cause?: DatabaseErrorSummary;
}

const summarise = (e: unknown, depth: number): DatabaseErrorSummary => {
  if (typeof e !== 'object' || e === null) return { type: typeof e };
  const r = e as Record<string, unknown>;
  const summary: DatabaseErrorSummary = { type: (e as { constructor?: { name?: string } }).constructor?.name || 'Error' };
  if (typeof r.code === 'string' && SQLSTATE.test(r.code)) summary.code = r.code;
  if (typeof r.constraint === 'string') summary.constraint = r.constraint;
  const cause = causeOf(e);
  if (cause !== undefined && cause !== null && depth < MAX_CAUSES) summary.cause = summarise(cause, depth + 1);
  return summary;
};

const describeChain = (s: DatabaseErrorSummary | undefined): string =>
  s ? [[s.type, s.code, s.constraint].filter(Boolean).join(' '), describeChain(s.cause)].filter(Boolean).join(' <- ') : '';

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/**
 * The `err` serializer. A failing query's message, `detail` and parameters hold patient data, so
 * database and driver errors (and anything wrapping one) keep the error class, the SQLSTATE code
 * and the constraint name only (the message is made of those, the stack keeps its frames only);
 * other errors keep pino's standard fields.
 */
export function serializeError(err: Error): SerializedError {
  if (!involvesDatabase(err)) return stdSerializers.err(err);
  const summary = summarise(err, 0);
  // The first lines of a stack repeat the message: keep the frames.
  const frames = typeof err.stack === 'string' ? err.stack.split('\n').filter((line) => /^\s+at /.test(line)).join('\n') : '';
  return { ...summary, message: describeChain(summary), stack: frames };
}

export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // Only these fields of a request are ever logged: no headers, no body, a scrubbed path.
      req: (req: { method?: unknown; url?: unknown; id?: unknown }) => ({
        id: req.id,
        method: typeof req.method === 'string' ? req.method : undefined,
        url: typeof req.url === 'string' ? scrubUrl(req.url) : undefined,
      }),
      err: serializeError,
      error: serializeError,
    },
    ...(stream ? { stream } : {}),
  };
}
