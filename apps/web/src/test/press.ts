import { fireEvent, screen } from '@testing-library/react';

/**
 * Presses the button with `testId` as a tap or a click does: it takes the focus, then is clicked
 * (jsdom's click moves no focus, so "the focus left the button for the field" could not be seen).
 */
export const press = (testId: string): void => {
  const button = screen.getByTestId(testId);
  button.focus();
  fireEvent.click(button);
};
