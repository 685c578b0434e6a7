import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { expectLegalPageLinks } from '@/test/legal-links';
import { renderApp } from '@/test/render-app';

const gql = (call: FakeCall) => call.body as { query: string };

/** A signed-in member who has not accepted the terms yet. */
const termsPending = () => {
  window.localStorage.setItem('sessionToken', 'st_1');
  return installFakeFetch((call) => {
    if (call.url === '/api/graphql') {
      if (gql(call).query.includes('acceptTerms')) return { status: 200, body: { data: { acceptTerms: '2026-11-23T10:00:00.000Z' } } };
      return { status: 200, body: { data: { getMember: member({ firstName: null, lastName: null, agreedTosAt: null }) } } };
    }
    if (call.url === '/api/auth/logout') return { status: 200, body: { ok: true } };
    if (call.url === '/api/interactions/event') return { status: 200, body: { id: crypto.randomUUID(), kept: {} } };
    return undefined;
  });
};

describe('terms dialog: the legal pages', () => {
  it('links the privacy notice and the notice of privacy practices, opened beside the dialog', async () => {
    termsPending();
    renderApp('/induccion/crear-perfil/1', { language: 'es' });
    const links = expectLegalPageLinks(await screen.findByTestId('terms-dialog'), { notice: 'Leer el aviso de privacidad', practices: 'Leer el aviso de prácticas de privacidad (EE. UU.)' });
    for (const link of [links.notice, links.practices]) expect(link.getAttribute('target')).toBe('_blank');
  });
});

describe('terms dialog: declining says what happens before signing out', () => {
  it('es: Decline first explains (signed out, nothing deleted, asked again); Back returns to the terms', async () => {
    const { calls } = termsPending();
    renderApp('/induccion/crear-perfil/1', { language: 'es' });
    fireEvent.click(await screen.findByTestId('terms-decline'));
    const explain = await screen.findByTestId('terms-decline-dialog');
    expect(within(explain).getByRole('heading').textContent).toBe('¿Rechazar los términos?');
    expect(explain.textContent).toContain('cerraremos tu sesión');
    expect(explain.textContent).toContain('Tu cuenta y tus datos no se borran');
    // Nothing happened yet: still signed in.
    expect(calls.some((c) => c.url === '/api/auth/logout')).toBe(false);
    expect(window.localStorage.getItem('sessionToken')).toBe('st_1');
    fireEvent.click(screen.getByTestId('terms-decline-back'));
    expect(await screen.findByTestId('terms-dialog')).toBeTruthy();
    expect(screen.queryByTestId('terms-decline-dialog')).toBeNull();
  });

  it('en: confirming the decline signs out and lands on /login', async () => {
    const { calls } = termsPending();
    const { router } = renderApp('/induccion/crear-perfil/1', { language: 'en' });
    fireEvent.click(await screen.findByTestId('terms-decline'));
    const explain = await screen.findByTestId('terms-decline-dialog');
    expect(explain.textContent).toContain("You can't use Puente without accepting the terms, so we will sign you out.");
    fireEvent.click(within(explain).getByTestId('terms-decline-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => c.url === '/api/auth/logout')).toBe(true);
    expect(window.localStorage.getItem('sessionToken')).toBeNull();
  });
});

describe('terms are accepted once', () => {
  it('accepted in the dialog, they are not asked again at onboarding step 3', async () => {
    termsPending();
    const { router } = renderApp('/induccion/crear-perfil/1', { language: 'en' });
    fireEvent.click(await screen.findByTestId('terms-accept'));
    await waitFor(() => expect(screen.queryByTestId('terms-dialog')).toBeNull());
    await router.navigate('/induccion/crear-perfil/3');
    expect((await screen.findByTestId('onboarding-tos-accepted')).textContent).toContain('You have accepted the terms and conditions.');
    expect(screen.queryByTestId('field-tos')).toBeNull();
    expect(screen.getByTestId('field-legalAge')).toBeTruthy();
  });
});
