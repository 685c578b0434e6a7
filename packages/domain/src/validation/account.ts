/** spec 5 generic rules: language confirm, account deletion, generic required check, payment key, camera throttle. */
import * as z from 'zod/mini';
import { LANGUAGES, PAYMENT, TIMERS, type Language } from '../constants';

/** spec 5: language confirm is disabled when the selection equals the current language. */
export const canConfirmLanguageChange = (selected: string | null | undefined, current: Language): boolean =>
  !!selected && selected !== current && (LANGUAGES as readonly string[]).includes(selected);

export const languageSchema = z.enum(LANGUAGES);

/** spec 5: the failing field is scrolled into view after 500 ms on Android, 100 ms otherwise. */
export const scrollToErrorDelayMs = (platform: 'android' | 'ios' | 'web'): number =>
  platform === 'android' ? TIMERS.scrollToErrorAndroidMs : TIMERS.scrollToErrorMs;

/** spec 5: the payment publishable key must start with the expected prefix. */
export const isValidPublishableKey = (key: string | null | undefined): boolean =>
  !!key && key.startsWith(PAYMENT.publishableKeyPrefix) && key.length > PAYMENT.publishableKeyPrefix.length;

/** spec 5: camera toggling is throttled to one per second. */
export const canToggleCamera = (lastToggleAt: number | null | undefined, now: number): boolean =>
  lastToggleAt === null || lastToggleAt === undefined || now - lastToggleAt >= TIMERS.cameraToggleThrottleMs;
