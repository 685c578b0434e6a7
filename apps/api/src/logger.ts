import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
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
    },
    ...(stream ? { stream } : {}),
  };
}
