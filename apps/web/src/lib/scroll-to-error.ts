import { scrollToErrorDelayMs } from '@puente/domain';
import { showMissingFieldsToast } from './toast';

/** What can take the focus in a field in error: itself, or (a group of boxes, radios or buttons) its first control. */
const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]';
const focusTarget = (field: HTMLElement): HTMLElement | undefined => {
  if (field.matches(FOCUSABLE)) return field.tabIndex >= 0 ? field : undefined;
  return [...field.querySelectorAll<HTMLElement>(FOCUSABLE)].find((el) => el.tabIndex >= 0);
};

/** What a field holds (undefined for what is not a field: a button, the page). */
const valueOf = (el: Element | null): string | undefined =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement ? el.value : undefined;

/**
 * spec 5: after an invalid submit the first field in error scrolls into view (100 ms, 500 ms on
 * Android). It comes to the middle of the screen, so the warning toast at the bottom never covers it.
 * WCAG 3.3.1: the focus moves to it too (to its first box, radio or button when it is a group, the
 * ones react-hook-form cannot focus through a ref), so a keyboard or screen reader user lands on it
 * and hears its error. The focus does not scroll: the centred scroll above does.
 */
export const scrollToFirstError = (root: ParentNode = document): void => {
  const delay = scrollToErrorDelayMs(/Android/i.test(navigator.userAgent) ? 'android' : 'web');
  const focusedAtSubmit = document.activeElement;
  const valueAtSubmit = valueOf(focusedAtSubmit);
  setTimeout(() => {
    const fields = [...root.querySelectorAll<HTMLElement>('[aria-invalid="true"]')];
    const target = fields.map(focusTarget).find((el) => el !== undefined);
    const focused = document.activeElement;
    // Someone quick may have moved on to a field that is fine before the delay ended: the focus and
    // the view are theirs then. Nor is focus() called on the element that has it: a date input
    // starts the part being typed again (a keyboard user's "1990" became "0990").
    const movedOn = focused !== focusedAtSubmit && focused !== document.body && !fields.some((field) => field.contains(focused));
    // Nor is the focus taken from the field someone is typing in: the form put them on the first
    // error at submit, and what they typed may have fixed it before the delay ended (on a slow
    // phone, or Android's 500 ms): the next field in error is theirs to Tab to.
    const typing = focused === focusedAtSubmit && valueAtSubmit !== undefined && valueOf(focused) !== valueAtSubmit;
    if (movedOn || typing) return;
    if (target && target !== focused) target.focus({ preventScroll: true });
    fields[0]?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, delay);
};

/** spec 5: an invalid submit says something is missing (the warning toast) and scrolls to the first field in error. */
export const warnMissingFields = (): void => {
  showMissingFieldsToast();
  scrollToFirstError();
};
