import { buildPath } from '@puente/domain';
import { within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Checks that `container` links both legal pages (issue 10): the privacy notice and the notice of
 * privacy practices, found by their visible names, at their ROUTES paths. Returns the two links.
 */
export const expectLegalPageLinks = (container: HTMLElement, names: { notice: string; practices: string }): { notice: HTMLElement; practices: HTMLElement } => {
  const notice = within(container).getByRole('link', { name: names.notice });
  const practices = within(container).getByRole('link', { name: names.practices });
  expect(notice.getAttribute('href')).toBe(buildPath('privacyNotice'));
  expect(practices.getAttribute('href')).toBe(buildPath('privacyPractices'));
  return { notice, practices };
};
