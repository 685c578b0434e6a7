import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useNavigate } from './navigation';

describe('useNavigate: one function for a component’s life (the declarative router makes a new one at each move)', () => {
  it('keeps its identity across navigations, so an effect on it runs once, and navigates from where the app is now', async () => {
    const seen = new Set<unknown>();
    let effectRuns = 0;
    let go: ((to: string) => void) | undefined;
    function Probe() {
      const navigate = useNavigate();
      const { pathname } = useLocation();
      seen.add(navigate);
      go = (to) => void navigate(to);
      useEffect(() => {
        effectRuns += 1;
      }, [navigate]);
      return <p data-testid="at">{pathname}</p>;
    }
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Probe />
      </MemoryRouter>,
    );
    act(() => go!('/b'));
    expect(screen.getByTestId('at').textContent).toBe('/b');
    // A relative path resolves from the current address, as the router would resolve it now.
    act(() => go!('c'));
    expect(screen.getByTestId('at').textContent).toBe('/c');
    act(() => go!('/d/e'));
    expect(screen.getByTestId('at').textContent).toBe('/d/e');
    expect(seen.size).toBe(1);
    expect(effectRuns).toBe(1);
  });
});
