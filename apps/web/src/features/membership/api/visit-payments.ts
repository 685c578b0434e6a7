import { paymentIntentResponseSchema, visitPaymentSchema, type PaymentIntentRequest, type PaymentIntentResponse, type VisitPaymentDto } from '@puente/contracts';
import * as z from 'zod/mini';
import { apiRequest, isApiRequestError } from '@/lib/api-client';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** POST /api/organizations/{id}/payment-intent: the card checkout of a paid visit. */
export const createPaymentIntent = (organizationId: string, body: PaymentIntentRequest): Promise<PaymentIntentResponse> =>
  apiRequest(`/api/organizations/${encodeURIComponent(organizationId)}/payment-intent`, { method: 'POST', body, schema: paymentIntentResponseSchema });

/** PATCH /api/payments/{id}/status. */
export const setPaymentStatus = (paymentId: string, status: 'succeeded' | 'failed'): Promise<VisitPaymentDto> =>
  apiRequest(`/api/payments/${encodeURIComponent(paymentId)}/status`, { method: 'PATCH', body: { status }, schema: visitPaymentSchema });

/** GET /api/appointments/{id}/payment: the visit's payment request (an app that missed the realtime event). */
export const getAppointmentPayment = (appointmentId: string): Promise<VisitPaymentDto | null> =>
  apiRequest(`/api/appointments/${encodeURIComponent(appointmentId)}/payment`, { schema: z.object({ payment: z.nullable(visitPaymentSchema) }) }).then((r) => r.payment);

// spec 4/7 retry rule: a succeeded status that fails to save is kept locally (payment ids) and
// retried on the next payment request.
const unsaved = (): string[] => {
  try {
    const parsed: unknown = JSON.parse(readStorage(STORAGE_KEYS.paymentIds) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

export const keepUnsavedSuccess = (paymentId: string): void => {
  writeStorage(STORAGE_KEYS.paymentIds, JSON.stringify([...new Set([...unsaved(), paymentId])]));
};

/** Sends the kept succeeded statuses again; those saved (or refused for good) leave the list. */
export const retryUnsavedSuccesses = async (): Promise<void> => {
  const kept = unsaved();
  if (kept.length === 0) return;
  const left: string[] = [];
  for (const id of kept) {
    try {
      await setPaymentStatus(id, 'succeeded');
    } catch (error) {
      // A network error (0), a 5xx or a payment the provider has not confirmed yet (409) is tried next time; another 4xx is final.
      const status = (error as { status?: number }).status ?? 0;
      if (status === 0 || status === 409 || status >= 500) left.push(id);
    }
  }
  if (left.length) writeStorage(STORAGE_KEYS.paymentIds, JSON.stringify(left));
  else removeStorage(STORAGE_KEYS.paymentIds);
};

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * /payment-loading of a paid visit: reports succeeded until the server has it. A card provider
 * that has not confirmed the checkout yet (409 payment-not-confirmed: a webhook on its way) is
 * asked again; a payment the server already knows failed is 'failed'; a save that cannot reach the
 * server is kept for the retry rule ('kept': the card was charged, the next payment request sends it).
 */
export const settleVisitPayment = async (paymentId: string, options: { tries?: number; waitMs?: number; stopped?: () => boolean } = {}): Promise<'succeeded' | 'failed' | 'kept' | 'stopped'> => {
  const tries = options.tries ?? 30;
  for (let attempt = 1; ; attempt++) {
    try {
      const saved = await setPaymentStatus(paymentId, 'succeeded');
      return saved.status === 'failed' ? 'failed' : 'succeeded';
    } catch (error) {
      const status = isApiRequestError(error) ? error.status : 0;
      const reason = isApiRequestError(error) ? error.data?.reason : undefined;
      if (status === 409 && reason === 'payment-not-confirmed' && attempt < tries) {
        await wait(options.waitMs ?? 1000);
        // The screen moved on (the server's payment-status-update said how it ended).
        if (options.stopped?.()) return 'stopped';
        continue;
      }
      if (status === 409 && reason === 'payment-failed') return 'failed';
      if (status >= 400 && status < 500 && status !== 409) return 'failed';
      keepUnsavedSuccess(paymentId);
      return 'kept';
    }
  }
};

/** spec 2: /payment-success returns to the stored destination (only a path of our own app), else /inicio. */
export const takeDestinationAfterPayment = (fallback: string): string => {
  const target = readStorage(STORAGE_KEYS.goAfterPayment);
  removeStorage(STORAGE_KEYS.goAfterPayment);
  return target && target.startsWith('/') && !target.startsWith('//') ? target : fallback;
};
