import { cardCheckoutResponseSchema, type CardCheckoutRequest, type CardCheckoutResponse } from '@puente/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/payments/card/checkout: opens a card checkout for a plan. */
export const startCardCheckout = (body: CardCheckoutRequest): Promise<CardCheckoutResponse> =>
  apiRequest('/api/payments/card/checkout', { method: 'POST', body, schema: cardCheckoutResponseSchema });

export const useStartCardCheckout = () => useMutation({ mutationFn: startCardCheckout });
