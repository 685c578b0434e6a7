import type { SubscriptionDto } from '@puente/contracts';
import type { TFunction } from 'i18next';
import { planName, planStatus } from '@/features/membership';

/**
 * A member's current access as the admin reads it, in the admin's language: her plan's name (as the
 * member's own screens name it), who bills it when it is paid (the store or the card), its status and
 * until when (a status that only repeats the name, as a free trial's, is left out: planStatus). It read the raw values
 * ("Current access: trial (trial)", in Spanish too).
 */
export const currentAccessText = (t: TFunction, current: SubscriptionDto, until: string): string => {
  const name = planName(t, current);
  const plan = current.provider ? `${name} · ${current.provider}` : name;
  const status = planStatus(t, current);
  return status === null ? t('admin_ledger_current_plan_only', { plan, until }) : t('admin_ledger_current', { plan, status, until });
};
