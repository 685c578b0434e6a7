import { ERROR_CODES, ERROR_REASONS, safeString } from '@puente/domain';
import * as z from 'zod/mini';

/**
 * The one error shape (STYLE: Medplum's OperationOutcome as the model). Every non-2xx answer of
 * the REST API, and the `extensions.error` of a GraphQL error, has this shape.
 * - code: from the catalogue (spec 001 §8)
 * - message: readable, in the caller's language (Accept-Language or the member's preferredLang)
 * - reason: a finer reason the client reacts to (e.g. passwordless-invalid-code)
 * - fields: for bad input, field path -> message key (the web form translates the key)
 * - retryAfterSeconds: for LIMIT_EXCEEDED
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    status: z.int(),
    message: safeString(),
    reason: z.optional(z.enum(ERROR_REASONS)),
    fields: z.optional(z.record(safeString(), safeString())),
    retryAfterSeconds: z.optional(z.int()),
    data: z.optional(z.record(safeString(), z.unknown())),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
export type ApiErrorBody = ApiError['error'];
