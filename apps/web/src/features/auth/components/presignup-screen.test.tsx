import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, trackedEvents } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

describe('/presignup, the welcome screen', () => {
  it.each([
    ['es', '¿Eres nuevo en Puente?', 'Empezar', '52'],
    ['en', 'New to Puente?', 'Get started', '1'],
  ] as const)('in %s it invites a newcomer to start, and starting leads to sign-up by phone with the country of the language', async (language, title, start, code) => {
    const { calls } = installFakeFetch((call) => (call.url === '/api/interactions/event' ? { status: 200, body: { id: crypto.randomUUID(), kept: {} } } : undefined));
    const { router } = renderApp('/presignup', { language });
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    const button = screen.getByTestId('presignup-start');
    expect(button.textContent).toBe(start);
    // The member who already has an account keeps her own way in.
    expect(screen.getByTestId('presignup-login')).toBeTruthy();
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((screen.getByTestId('country-code') as HTMLSelectElement).value).toBe(code);
    await waitFor(() => expect(calls.find((c) => c.url === '/api/interactions/event')?.body).toMatchObject({ event: 'signup_started', properties: { language } }));
  });

  it.each(['es', 'en'] as const)('in %s a member with an account starts logging in: login_started is tracked with the language only, and /login opens', async (language) => {
    const { calls } = installFakeFetch((call) => (call.url === '/api/interactions/event' ? { status: 200, body: { id: crypto.randomUUID(), kept: {} } } : undefined));
    const { router } = renderApp('/presignup', { language });
    expect(trackedEvents(calls)).toEqual([]);
    fireEvent.click(screen.getByTestId('presignup-login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(trackedEvents(calls)).toEqual([{ event: 'login_started', properties: { language } }]));
  });
});
