import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { removeStorage, STORAGE_KEYS, useStoredValue, writeStorage } from './storage';

function ShowsToken() {
  return <p data-testid="token">{useStoredValue(STORAGE_KEYS.invitationToken) ?? 'none'}</p>;
}

describe('useStoredValue', () => {
  it('renders again when this tab writes or removes the key (no storage event fires for its own writes)', () => {
    removeStorage(STORAGE_KEYS.invitationToken);
    render(<ShowsToken />);
    expect(screen.getByTestId('token').textContent).toBe('none');
    act(() => writeStorage(STORAGE_KEYS.invitationToken, 'inv_1'));
    expect(screen.getByTestId('token').textContent).toBe('inv_1');
    act(() => removeStorage(STORAGE_KEYS.invitationToken));
    expect(screen.getByTestId('token').textContent).toBe('none');
  });
});
