import { subscriptionProductsResponseSchema, type SubscriptionProductDto } from '@puente/contracts';
import { CACHE_MS } from '@puente/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** spec 7 GET configs/products: the plans in spec 9 order. */
export const getProducts = async (): Promise<SubscriptionProductDto[]> =>
  (await apiRequest('/api/configs/products', { schema: subscriptionProductsResponseSchema })).subscriptions;

/** spec 9: subscriptions are cached 12 h. */
export const useProducts = () =>
  useQuery({ queryKey: ['subscription-products'], queryFn: getProducts, staleTime: CACHE_MS.subscriptions, gcTime: CACHE_MS.subscriptions });
