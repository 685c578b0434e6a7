/**
 * Ours (issue 8 "Security repairs"): every string that comes in (JSON bodies, GraphQL variables and
 * inline literals, query and path parameters, chat text, socket payloads) goes through one schema
 * that refuses NUL characters and unpaired UTF-16 surrogates. PostgreSQL cannot store either in a
 * text column (NUL) or in UTF-8 (a lone surrogate), so without this they reached the database and
 * came back as a 500. Contracts build every string field with `safeString()` instead of `z.string()`.
 */
import * as z from 'zod/mini';

/**
 * spec 5: the warning toast (10 s) of a form with something missing, and the message of a missing
 * choice. Here, with the strings every form is built from, and not with the forms' schemas
 * (./forms.ts): the member's record (../records.ts), part of /inicio's first load, uses it, and a
 * bundler places a module whole in one chunk (issue 10, first load).
 */
export const FORM_MISSING_FIELDS = 'form_missing_fields';

/** The message key for a string holding a NUL or a lone surrogate (ours: the spec names none). */
export const TEXT_INVALID_CHARACTERS_KEY = 'text_invalid_characters';

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds no NUL character and no unpaired surrogate. */
export const isSafeText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

type SafeStringParams = string | { error?: unknown; message?: unknown } | undefined;

const keyOf = (params: SafeStringParams): string => {
  if (typeof params === 'string') return params;
  if (typeof params?.error === 'string') return params.error;
  if (typeof params?.message === 'string') return params.message;
  return TEXT_INVALID_CHARACTERS_KEY;
};

const buildSafeString = (params: SafeStringParams): z.ZodMiniString<string> =>
  z.string(params as Parameters<typeof z.string>[0]).check(z.refine(isSafeText, { message: keyOf(params), abort: true }));

/**
 * The one `safeString()` without a key of its own, shared by every field that uses it (about 580):
 * a zod schema never changes (each `.check()` or `z.optional()` makes a new one), and building each
 * anew cost two schema objects per field while the web app's first script loaded (issue 10).
 */
let plainSafeString: z.ZodMiniString<string> | undefined;

/**
 * `z.string(params)` that refuses NUL and lone surrogates before any other check, with the field's
 * own message key when it has one (`{ error: 'key' }` or `{ message: 'key' }`), else
 * TEXT_INVALID_CHARACTERS_KEY. It is a string schema, so `.check(z.trim(), z.minLength(...))` etc. apply
 * as usual.
 */
export const safeString = (params?: SafeStringParams): z.ZodMiniString<string> => {
  if (params === undefined) return (plainSafeString ??= buildSafeString(undefined));
  return buildSafeString(params);
};

/**
 * A string format (`z.uuid(...)`, `z.iso.datetime(...)`) behind safeString(): NUL and lone
 * surrogates are refused first with TEXT_INVALID_CHARACTERS_KEY, then the format with its own
 * message, as every other string field.
 */
export const safeFormat = <F extends z.ZodMiniStringFormat>(format: F): z.ZodMiniPipe<z.ZodMiniString<string>, F> => z.pipe(safeString(), format);

/**
 * Safe text, trimmed, at most `max` characters: the free-text fields of the API's shapes.
 * `tooLong`: the message key of a text over `max` (the form shows it under the field).
 */
export const trimmedSafeString = (max: number, tooLong?: string) => safeString().check(z.trim(), z.maxLength(max, tooLong === undefined ? undefined : { message: tooLong }));
