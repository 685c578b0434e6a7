import { APP_VERSION, CLIENT_NAME, ERROR_CODES, RETRY, type ErrorCode, type ErrorReason } from '@puente/domain';
import { apiErrorSchema, GRAPHQL_PATH, type ApiErrorBody } from '@puente/contracts';
import type * as z from 'zod/mini';
import { getDeviceId } from './device-id';
import { earlyRequestKey, takeEarlyResponse } from './early-requests';
import { getSessionToken } from './session';

/** Header names the API reads (spec 7: version, client 'app', device id, content type). */
export const CLIENT_HEADERS = {
  version: 'x-app-version',
  client: 'x-client',
  deviceId: 'x-device-id',
} as const;

/** An error from the API in its one shape, or a network failure (status 0). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly reason: ErrorReason | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly data: Record<string, unknown> | undefined;
  readonly isNetworkError: boolean;
  /** True when the request carried the session token (only then does a 401 mean "session expired"). */
  readonly authenticated: boolean;

  constructor(body: ApiErrorBody, options: { isNetworkError?: boolean; authenticated?: boolean } = {}) {
    super(body.message);
    this.name = 'ApiRequestError';
    this.status = body.status;
    this.code = body.code;
    this.reason = body.reason;
    this.fields = body.fields;
    this.retryAfterSeconds = body.retryAfterSeconds;
    this.data = body.data;
    this.isNetworkError = options.isNetworkError ?? false;
    this.authenticated = options.authenticated ?? false;
  }
}

export const isApiRequestError = (e: unknown): e is ApiRequestError => e instanceof ApiRequestError;

/**
 * The message key of a failed request's toast: the network error, else `fallback` when the screen
 * has its own message, else the catalogue's `error_<code>` (spec 8), else the unknown error.
 */
export const errorToastKey = (error: unknown, fallback?: string): string => {
  if (isApiRequestError(error) && error.isNetworkError) return 'error_network';
  if (fallback) return fallback;
  return isApiRequestError(error) ? `error_${error.code.toLowerCase()}` : 'error_unknown_error';
};

type TransportListener = (error: ApiRequestError) => void;
const transportListeners = new Set<TransportListener>();
/** The app shell listens here for the transport rules of spec 8 (401/403, 420, payment, invitation). */
export const onTransportError = (listener: TransportListener): (() => void) => {
  transportListeners.add(listener);
  return () => transportListeners.delete(listener);
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const codeForStatus = (status: number): ErrorCode => {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 402) return 'PAYMENT_REQUIRED';
  if (status === 429) return 'LIMIT_EXCEEDED';
  if (status === 400) return 'INVALID_DATA';
  return 'UNKNOWN_ERROR';
};

const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);

export const toApiError = (status: number, rawPayload: unknown, authenticated: boolean): ApiRequestError => {
  // A GraphQL answer with a non-2xx status still carries the shape in errors[0].extensions.error.
  const gqlError = (rawPayload as GraphqlResponse | null)?.errors?.[0]?.extensions?.error;
  const payload = gqlError ? { error: gqlError } : rawPayload;
  const parsed = apiErrorSchema.safeParse(payload);
  if (parsed.success) return new ApiRequestError(parsed.data.error, { authenticated });
  const loose = payload as { error?: { code?: unknown; message?: unknown } } | null;
  const code = isErrorCode(loose?.error?.code) ? loose.error.code : codeForStatus(status);
  const message = typeof loose?.error?.message === 'string' ? loose.error.message : `HTTP ${status}`;
  return new ApiRequestError({ code, status, message }, { authenticated });
};

export interface ApiRequestOptions<S extends z.ZodMiniType> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send `body` (a string) as it is with this type instead of as JSON (a CSV upload). */
  contentType?: string;
  schema?: S;
  /** Send the bearer token if there is one (default true). */
  auth?: boolean;
  /** A token to send instead of the current one (logout sends the token it is ending). */
  bearer?: string;
  language?: string;
  signal?: AbortSignal;
}

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/** The headers of every request (spec 7's client headers, the session's bearer token, the body's type). */
export const requestHeaders = (token: string | null, deviceId: string, contentType: string | undefined): Record<string, string> => {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [CLIENT_HEADERS.version]: APP_VERSION,
    [CLIENT_HEADERS.client]: CLIENT_NAME,
    [CLIENT_HEADERS.deviceId]: deviceId,
  };
  if (contentType !== undefined) headers['Content-Type'] = contentType;
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
};

/** Fetch with the client headers and the retry rule; throws ApiRequestError on any failure. */
export async function apiRequest<S extends z.ZodMiniType = z.ZodMiniUnknown>(
  path: string,
  options: ApiRequestOptions<S> = {},
): Promise<z.infer<S>> {
  const token = options.bearer ?? (options.auth === false ? null : getSessionToken());
  const headers = requestHeaders(token, getDeviceId(), options.body === undefined ? undefined : (options.contentType ?? 'application/json'));
  if (options.language) headers['Accept-Language'] = options.language;
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const body = options.body === undefined ? undefined : options.contentType && typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  // The identical request (method, path, body and every header, the session's token among them),
  // started by the page's HTML before the app had loaded (early-requests.ts): its answer is this
  // first attempt's. Not for a request that can be aborted (the early one cannot).
  const early = token && !options.signal ? takeEarlyResponse(() => earlyRequestKey(method, path, body, headers), token) : undefined;

  let lastError: ApiRequestError | undefined;
  for (let attempt = 0; attempt <= RETRY.count; attempt++) {
    if (attempt > 0) await sleep(RETRY.delayMs);
    let response: Response;
    try {
      response = await (attempt === 0 && early ? early : fetch(path, { method, headers, body, signal: options.signal, credentials: 'same-origin' }));
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      // spec 8: a network failure has the code "Internal Error".
      lastError = new ApiRequestError(
        { code: 'UNKNOWN_ERROR', status: 0, message: 'Internal Error' },
        { isNetworkError: true, authenticated: token !== null },
      );
      continue;
    }
    const payload = await readJson(response);
    if (response.ok) {
      return (options.schema ? options.schema.parse(payload) : payload) as z.infer<S>;
    }
    lastError = toApiError(response.status, payload, token !== null);
    if (response.status >= 500) continue;
    break;
  }
  const error = lastError ?? new ApiRequestError({ code: 'UNKNOWN_ERROR', status: 0, message: 'Internal Error' });
  transportListeners.forEach((l) => l(error));
  throw error;
}

interface GraphqlResponse {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { error?: unknown; code?: unknown } }[];
}

/** A GraphQL request's body, as graphqlRequest sends it (and the page's early requests: early-requests-script.ts). */
export const graphqlPayload = (query: string, variables: Record<string, unknown>): { query: string; variables: Record<string, unknown> } => ({ query, variables });

/** POST /api/graphql. A GraphQL error carries the same error shape in extensions.error. */
export async function graphqlRequest<S extends z.ZodMiniType>(
  query: string,
  variables: Record<string, unknown>,
  field: string,
  schema: S,
  options: { auth?: boolean } = {},
): Promise<z.infer<S>> {
  const result = (await apiRequest(GRAPHQL_PATH, { method: 'POST', body: graphqlPayload(query, variables), auth: options.auth })) as GraphqlResponse;
  const first = result.errors?.[0];
  if (first) {
    const token = options.auth === false ? null : getSessionToken();
    const error = toApiError(0, { error: first.extensions?.error ?? { message: first.message } }, token !== null);
    transportListeners.forEach((l) => l(error));
    throw error;
  }
  return schema.parse(result.data?.[field]) as z.infer<S>;
}
