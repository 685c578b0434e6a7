import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, member } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

describe('identify: the signed-in user’s traits, once per session', () => {
  it('sends only allow-listed traits (no name, phone, email or health data), with the session, once', async () => {
    window.localStorage.setItem('sessionToken', 'st_1');
    const { calls } = installFakeFetch((call) => {
      if (call.url === '/api/graphql') return { status: 200, body: { data: { getMember: member({ preferredLang: 'en', countryCode: '52', email: 'lucia@example.com', alergies: ['Penicilina'] }) } } };
      if (call.url === '/api/interactions/identity') return { status: 200, body: { id: crypto.randomUUID(), kept: {} } };
      return undefined;
    });
    const { router } = renderApp('/inicio', { language: 'en' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/interactions/identity')).toBe(true));
    const sent = calls.find((c) => c.url === '/api/interactions/identity')!;
    expect(sent.headers.authorization).toBe('Bearer st_1');
    expect(sent.body).toMatchObject({ userId: 'mem_1', traits: { language: 'en', userType: 'member', phoneCountryCode: '52', platform: 'web' } });
    expect(Object.keys((sent.body as { traits: object }).traits).sort()).toEqual(['appVersion', 'language', 'phoneCountryCode', 'platform', 'userType']);
    expect(JSON.stringify(sent.body)).not.toMatch(/Lucía|Gómez|5512345678|lucia@|Penicilina/);
    await router.navigate('/perfil');
    await screen.findByTestId('profile-screen').catch(() => undefined);
    expect(calls.filter((c) => c.url === '/api/interactions/identity')).toHaveLength(1);
  });

  it('nobody signed in: nothing is sent', async () => {
    const { calls } = installFakeFetch(() => undefined);
    renderApp('/login');
    await screen.findByTestId('login-screen');
    expect(calls.some((c) => c.url === '/api/interactions/identity')).toBe(false);
  });
});
