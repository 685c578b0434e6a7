import { FORM_MISSING_FIELDS, TIMERS } from '@puente/domain';
import { showToast } from './toast';

/**
 * spec 5: after an invalid submit the first field in error scrolls into view (100 ms, 500 ms on
 * Android). It comes to the middle of the screen, so the warning toast at the bottom never covers it.
 */
export const scrollToFirstError = (root: ParentNode = document): void => {
  const delay = /Android/i.test(navigator.userAgent) ? TIMERS.scrollToErrorAndroidMs : TIMERS.scrollToErrorMs;
  setTimeout(() => {
    const field = root.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, delay);
};

/** spec 5: an invalid submit says something is missing (the warning toast) and scrolls to the first field in error. */
export const warnMissingFields = (): void => {
  showToast({ variant: 'warning', message: FORM_MISSING_FIELDS });
  scrollToFirstError();
};
