import { cardCheckoutStatusSchema, type CardCheckoutStatus } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/payments/card/checkout/{id}. */
export const getCheckoutStatus = (checkoutId: string): Promise<CardCheckoutStatus> =>
  apiRequest(`/api/payments/card/checkout/${encodeURIComponent(checkoutId)}`, { schema: cardCheckoutStatusSchema });

/** Polled while the card modal is open and on /payment-loading (not kept: spec 9 "other queries are not kept"). */
export const useCheckoutStatus = (checkoutId: string | null, pollMs: number) =>
  useQuery({
    queryKey: ['card-checkout', checkoutId],
    queryFn: () => getCheckoutStatus(checkoutId!),
    enabled: checkoutId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'complete' ? false : pollMs),
    gcTime: 0,
  });
