import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollToFirstError } from './scroll-to-error';

/** A form after an invalid submit: two fields in error, a fine one and the submit button. */
const form = () => {
  document.body.innerHTML = `
    <form>
      <input id="first" aria-invalid="true">
      <input id="birthday" type="date" aria-invalid="true">
      <input id="fine" aria-invalid="false">
      <button id="submit">Continue</button>
    </form>`;
  const el = (id: string) => document.getElementById(id) as HTMLElement;
  for (const id of ['first', 'birthday', 'fine']) el(id).scrollIntoView = vi.fn();
  return el;
};

describe('scrollToFirstError (spec 5, WCAG 3.3.1)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('after the delay, focuses the first field in error and brings it to the middle of the screen', () => {
    const el = form();
    el('submit').focus();
    scrollToFirstError();
    expect(document.activeElement).toBe(el('submit'));
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(el('first'));
    expect(el('first').scrollIntoView).toHaveBeenCalledWith({ block: 'center', behavior: 'smooth' });
  });

  it('does not focus again the field in error someone is already typing in (a date input would start its part again)', () => {
    const el = form();
    el('first').focus(); // the form focused the first error at submit
    scrollToFirstError();
    // Quick hands: the first field is fixed and the birthday is being typed before the delay ends.
    el('first').setAttribute('aria-invalid', 'false');
    el('birthday').focus();
    const focusAgain = vi.spyOn(el('birthday'), 'focus');
    vi.advanceTimersByTime(100);
    expect(focusAgain).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(el('birthday'));
  });

  it('leaves the focus and the view to someone who moved on to a field that is fine', () => {
    const el = form();
    el('first').focus();
    scrollToFirstError();
    el('fine').focus();
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(el('fine'));
    expect(el('first').scrollIntoView).not.toHaveBeenCalled();
  });

  it('does not take the focus from the field someone typed in since the submit, even when that fixed it', () => {
    const el = form();
    el('first').focus(); // the form focused the first error at submit
    scrollToFirstError();
    // A quick typist (or a slow phone): 'Ana' is typed before the delay ends, and the field is fine now.
    (el('first') as HTMLInputElement).value = 'Ana';
    el('first').setAttribute('aria-invalid', 'false');
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(el('first'));
    expect(el('birthday').scrollIntoView).not.toHaveBeenCalled();
  });
});
