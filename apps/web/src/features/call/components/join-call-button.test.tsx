import type { AppointmentState } from '@puente/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { installFakeFetch } from '@/test/fake-fetch';
import { memoryRoutes } from '@/test/memory-routes';
import { JoinCallButton } from './join-call-button';

/** The button with the state its composer passes (the consultation screen's), changed by `rerender`. */
const renderButton = (state: AppointmentState | undefined) => {
  const { calls } = installFakeFetch(() => undefined);
  const routes = (s: AppointmentState | undefined) => [
    { path: '/dashboard/consulta/:id', element: <JoinCallButton appointmentId="apt_1" state={s} /> },
    { path: '/consulta/video-llamada', element: <div data-testid="call-screen-stub" /> },
  ];
  const ui = (s: AppointmentState | undefined) => (
    <AppProviders queryClient={createQueryClient()} i18n={createI18n('en')}>
      {memoryRoutes(routes(s), '/dashboard/consulta/apt_1').element}
    </AppProviders>
  );
  const view = render(ui(state));
  return { calls, rerender: (next: AppointmentState) => view.rerender(ui(next)) };
};

describe("JoinCallButton follows the state it is given (the consultation's), with no copy of its own", () => {
  it('S7 (treatment review) has no button; S8 (US doctor joins) has it at once; it opens the call', () => {
    const { calls, rerender } = renderButton('7-er-is-reviewing');
    expect(screen.queryByTestId('join-video-call')).toBeNull();
    rerender('8-er-joins-call');
    fireEvent.click(screen.getByTestId('join-video-call'));
    expect(screen.getByTestId('call-screen-stub')).toBeTruthy();
    // Nothing was fetched: the state came from the composer.
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['3-coach-joins-call', true],
    ['6-in-queue-for-er', false],
    ['9-er-ends-call', false],
    [undefined, false],
  ] as const)('%s: shown %s', (state, shown) => {
    renderButton(state);
    expect(!!screen.queryByTestId('join-video-call')).toBe(shown);
  });
});
