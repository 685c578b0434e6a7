import { APP_VERSION, RETRY } from '@puente/domain';
import { describe, expect, it, vi } from 'vitest';
import { apiError, installFakeFetch } from '@/test/fake-fetch';
import { apiRequest, ApiRequestError, errorToastKey, onTransportError } from './api-client';
import { setSessionToken } from './session';

describe('api client (spec 7)', () => {
  it('sends version, client, device id and the bearer token', async () => {
    const { calls } = installFakeFetch(() => ({ status: 200, body: { ok: true } }));
    setSessionToken('st_9');
    await apiRequest('/api/thing');
    const headers = calls[0]!.headers;
    expect(headers['x-app-version']).toBe(APP_VERSION);
    expect(headers['x-client']).toBe('app');
    expect(headers['x-device-id']).toMatch(/.+/);
    expect(headers.authorization).toBe('Bearer st_9');
    await apiRequest('/api/thing');
    expect(calls[1]!.headers['x-device-id']).toBe(headers['x-device-id']); // one id per device
  });

  it('retries HTTP 5xx up to 3 times, 1 s apart, then gives up', async () => {
    vi.useFakeTimers();
    const { calls } = installFakeFetch(() => apiError(503, 'UNKNOWN_ERROR', 'down'));
    const result = apiRequest('/api/thing').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(RETRY.delayMs * RETRY.count);
    const error = await result;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(calls).toHaveLength(1 + RETRY.count);
  });

  it('retries a network failure and succeeds when the network comes back', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    // Only this request's attempts: in a full run, a request another test left pending can reach the stub.
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      if (!String(input instanceof Request ? input.url : input).endsWith('/api/thing')) return new Response('{}', { status: 404 });
      attempts += 1;
      if (attempts < 3) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ ok: true }), { status: 200 });
    }));
    const result = apiRequest('/api/thing');
    await vi.advanceTimersByTimeAsync(RETRY.delayMs * 2);
    await expect(result).resolves.toEqual({ ok: true });
    expect(attempts).toBe(3);
  });

  it('does not retry a 4xx and keeps the error shape', async () => {
    const { calls } = installFakeFetch(() => apiError(429, 'LIMIT_EXCEEDED', 'slow down', { reason: 'resend-too-soon', retryAfterSeconds: 90 }));
    const error = (await apiRequest('/api/thing').catch((e: unknown) => e)) as ApiRequestError;
    expect(calls).toHaveLength(1);
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.reason).toBe('resend-too-soon');
    expect(error.retryAfterSeconds).toBe(90);
  });

  it('tells the shell about a 401 on an authenticated call only', async () => {
    installFakeFetch(() => apiError(401, 'UNAUTHORIZED', 'no'));
    const seen: boolean[] = [];
    const stop = onTransportError((e) => seen.push(e.authenticated));
    await apiRequest('/api/a', { auth: false }).catch(() => undefined);
    setSessionToken('st_1');
    await apiRequest('/api/b').catch(() => undefined);
    stop();
    expect(seen).toEqual([false, true]);
  });
});

describe('errorToastKey: the toast of a failed request', () => {
  const apiFailure = (code: 'INVALID_DATA' | 'CONFLICT', isNetworkError = false) => new ApiRequestError({ code, status: 400, message: code }, { isNetworkError });
  it.each([
    [apiFailure('CONFLICT', true), undefined, 'error_network'],
    [apiFailure('CONFLICT', true), 'survey_error', 'error_network'],
    [apiFailure('INVALID_DATA'), undefined, 'error_invalid_data'],
    [apiFailure('INVALID_DATA'), 'survey_error', 'survey_error'],
    [new Error('boom'), undefined, 'error_unknown_error'],
  ])('%o with fallback %s says %s', (error, fallback, key) => {
    expect(errorToastKey(error, fallback)).toBe(key);
  });
});
