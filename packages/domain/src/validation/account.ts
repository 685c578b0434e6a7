/** spec 5 generic rules: language confirm, account deletion, generic required check, payment key, camera throttle. */
import { z } from 'zod';
import { LANGUAGES, PAYMENT, TIMERS, type Language } from '../constants';

/** spec 5: language confirm is disabled when the selection equals the current language. */
export const canConfirmLanguageChange = (selected: string | null | undefined, current: Language): boolean =>
  !!selected && selected !== current && (LANGUAGES as readonly string[]).includes(selected);

export const languageSchema = z.enum(LANGUAGES);

/** spec 5: account deletion needs a confirmation checkbox (key ours: the button simply stays disabled). */
export const accountDeletionConfirmSchema = z.object({
  confirmed: z.literal(true, { error: 'account_deletion_confirm_required' }),
});

/** spec 5 generic form check: the marker a select uses for "nothing chosen" (value ours). */
export const EMPTY_SELECTION_MARKER = '__empty__';

/**
 * spec 5: a required field fails if empty after trim, if a radio group has none checked (null or
 * undefined), if the empty-selection marker is present, or if it is under its minlength.
 */
export const requiredFieldFails = (value: string | readonly string[] | null | undefined, opts: { minLength?: number } = {}): boolean => {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0 || value.includes(EMPTY_SELECTION_MARKER);
  const s = (value as string).trim();
  if (s === '' || s === EMPTY_SELECTION_MARKER) return true;
  return opts.minLength !== undefined && s.length < opts.minLength;
};

/** spec 5: the failing field is scrolled into view after 500 ms on Android, 100 ms otherwise. */
export const scrollToErrorDelayMs = (platform: 'android' | 'ios' | 'web'): number =>
  platform === 'android' ? TIMERS.scrollToErrorAndroidMs : TIMERS.scrollToErrorMs;

/** spec 5: the payment publishable key must start with the expected prefix. */
export const isValidPublishableKey = (key: string | null | undefined): boolean =>
  !!key && key.startsWith(PAYMENT.publishableKeyPrefix) && key.length > PAYMENT.publishableKeyPrefix.length;

/** spec 5: camera toggling is throttled to one per second. */
export const canToggleCamera = (lastToggleAt: number | null | undefined, now: number): boolean =>
  lastToggleAt === null || lastToggleAt === undefined || now - lastToggleAt >= TIMERS.cameraToggleThrottleMs;
