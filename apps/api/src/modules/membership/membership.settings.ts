import { SUBSCRIPTION, SUBSCRIPTION_PLAN_IDS, type PlanPrice, type SubscriptionPlanId } from '@puente/domain';
import * as z from 'zod/mini';

/** The environment variables of the plans (GET /api/configs/products). The README lists them. */
export const MEMBERSHIP_VARIABLES = [
  {
    name: 'SUBSCRIPTION_PRICES',
    default: 'bs_12m=11999,bs_6m=6999,bs_1m=1999,bs_1w=799',
    description: 'Price of each plan for its whole period, in integer minor units (cents) of SUBSCRIPTION_CURRENCY.',
  },
  { name: 'SUBSCRIPTION_CURRENCY', default: 'USD', description: 'Currency of the plans (spec 9: USD).' },
  { name: 'STORE_PRODUCT_PREFIX', default: 'app.puente', description: 'Store product ids are <prefix>.<plan id> on the App Store and Google Play.' },
] as const;

export interface MembershipSettings {
  prices: PlanPrice[];
  currency: string;
  storeProductPrefix: string;
}

const pricesSchema = z.pipe(z.string(), z.transform((s, ctx) => {
    const prices: Partial<Record<SubscriptionPlanId, number>> = {};
    for (const part of s.split(',').map((p) => p.trim()).filter(Boolean)) {
      const [id, amount] = part.split('=');
      if (!id || !(SUBSCRIPTION_PLAN_IDS as readonly string[]).includes(id) || !amount || !/^\d{1,9}$/.test(amount)) {
        ctx.issues.push({ code: 'custom', message: `"${part}" is not <plan id>=<integer minor units>`, input: s });
        return z.NEVER;
      }
      prices[id as SubscriptionPlanId] = Number(amount);
    }
    return prices;
  }));

/** Reads the plan settings; throws a readable error on a bad value (the server refuses to start). */
export function loadMembershipSettings(env: Record<string, string | undefined>): MembershipSettings {
  const currency = env.SUBSCRIPTION_CURRENCY?.trim() || SUBSCRIPTION.currency;
  const parsed = pricesSchema.safeParse(env.SUBSCRIPTION_PRICES?.trim() || MEMBERSHIP_VARIABLES[0].default);
  if (!parsed.success) throw new Error(`Invalid configuration:\n  SUBSCRIPTION_PRICES: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const prices = SUBSCRIPTION_PLAN_IDS.flatMap((id) => (parsed.data[id] === undefined ? [] : [{ id, amountMinor: parsed.data[id], currency }]));
  return { prices, currency, storeProductPrefix: env.STORE_PRODUCT_PREFIX?.trim() || 'app.puente' };
}
