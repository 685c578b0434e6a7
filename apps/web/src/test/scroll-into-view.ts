import { onTestFinished } from 'vitest';

export interface ScrollCall {
  target: Element;
  options: unknown;
}

/**
 * jsdom has no scrollIntoView: for this test, every element gets one that records what was scrolled
 * to and how (the spec 5 scroll to the first field in error). Taken away again when the test ends.
 */
export const recordScrollIntoView = (): ScrollCall[] => {
  const scrolled: ScrollCall[] = [];
  Object.defineProperty(Element.prototype, 'scrollIntoView', {
    configurable: true,
    value(this: Element, options: unknown) {
      scrolled.push({ target: this, options });
    },
  });
  onTestFinished(() => {
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });
  return scrolled;
};
