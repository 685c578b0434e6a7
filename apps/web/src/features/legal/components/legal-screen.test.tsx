import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, member } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

const anonymous = () => installFakeFetch((call) => (call.url === '/api/interactions/event' ? { status: 200, body: { id: crypto.randomUUID(), kept: {} } } : undefined));

describe('privacy notice (/aviso-de-privacidad)', () => {
  it('es: what is collected, why, retention as in the README, ARCO rights and contact; open to anyone', async () => {
    anonymous();
    const { router } = renderApp('/aviso-de-privacidad', { language: 'es' });
    const page = await screen.findByTestId('legal-privacy');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Aviso de privacidad');
    for (const heading of ['Qué datos recabamos', 'Para qué los usamos', 'Con quién los compartimos', 'Cuánto tiempo los guardamos', 'Tus derechos ARCO', 'Contacto']) {
      expect(within(page).getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    }
    const text = page.textContent ?? '';
    expect(text).toContain('alergias, medicamentos, padecimientos');
    expect(text).toContain('durante 30 días puedes restaurarla');
    expect(text).toContain('NOM-004-SSA3-2012');
    expect(text).toContain('6 años');
    expect(text).toContain('Acceder a tus datos, Rectificarlos, Cancelarlos u Oponerte');
    expect(text).toContain('privacidad@puente.health');
    expect(page.querySelectorAll('li').length).toBeGreaterThan(10);
    // A visitor without a session stays on the page (no guard redirect).
    expect(router.state.location.pathname).toBe('/aviso-de-privacidad');
    expect(screen.queryByTestId('placeholder-route')).toBeNull();
  });

  it('en: the same notice in English, with a link to the notice of privacy practices', async () => {
    anonymous();
    const { router } = renderApp('/aviso-de-privacidad', { language: 'en' });
    const page = await screen.findByTestId('legal-privacy');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy notice');
    const text = page.textContent ?? '';
    expect(text).toContain('Your ARCO rights');
    expect(text).toContain('for 30 days you can restore it');
    expect(text).toContain('HIPAA requires 6 years');
    expect(text).not.toMatch(/Aviso|Qué datos/);
    fireEvent.click(screen.getByTestId('legal-other-notice'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/practicas-de-privacidad'));
    expect(await screen.findByTestId('legal-practices')).toBeTruthy();
  });

  it('each view is tracked with its route only', async () => {
    const { calls } = anonymous();
    renderApp('/aviso-de-privacidad');
    await screen.findByTestId('legal-privacy');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/interactions/event')).toBe(true));
    const sent = calls.find((c) => c.url === '/api/interactions/event')!.body as { event: string; properties: unknown };
    expect(sent).toMatchObject({ event: 'legal_page_viewed', properties: { route: '/aviso-de-privacidad' } });
  });
});

describe('notice of privacy practices (/practicas-de-privacidad)', () => {
  it('en: uses and disclosures, HIPAA rights, our duties, 6-year retention, contact and HHS', async () => {
    anonymous();
    renderApp('/practicas-de-privacidad', { language: 'en' });
    const page = await screen.findByTestId('legal-practices');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Notice of privacy practices');
    const text = page.textContent ?? '';
    for (const s of ['Treatment:', 'Get an electronic or paper copy of your medical record', 'Ask us to correct', 'Get a list of those we have shared', 'HHS OCR', 'at least 6 years (45 CFR 164.316)', 'privacy@puente.health']) {
      expect(text).toContain(s);
    }
  });

  it('es: el aviso en español, y el enlace de vuelta al aviso de privacidad', async () => {
    anonymous();
    const { router } = renderApp('/practicas-de-privacidad', { language: 'es' });
    const page = await screen.findByTestId('legal-practices');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Aviso de prácticas de privacidad');
    expect(page.textContent).toContain('Presentar una queja');
    fireEvent.click(screen.getByTestId('legal-other-notice'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/aviso-de-privacidad'));
  });
});

describe('where the legal pages are linked from', () => {
  it('the terms dialog links both notices', async () => {
    window.localStorage.setItem('sessionToken', 'st_1');
    installFakeFetch((call) => (call.url === '/api/graphql' ? { status: 200, body: { data: { getMember: member({ agreedTosAt: null }) } } } : undefined));
    renderApp('/inicio', { language: 'en' });
    const dialog = await screen.findByTestId('terms-dialog');
    expect(within(dialog).getByRole('link', { name: /privacy notice/i }).getAttribute('href')).toBe('/aviso-de-privacidad');
    expect(within(dialog).getByRole('link', { name: /notice of privacy practices/i }).getAttribute('href')).toBe('/practicas-de-privacidad');
  });

  it('the login privacy drawer links both notices', async () => {
    anonymous();
    renderApp('/login', { language: 'es' });
    fireEvent.click(await screen.findByTestId('privacy-link'));
    const drawer = await screen.findByTestId('privacy-drawer');
    expect(within(drawer).getByRole('link', { name: /aviso de privacidad/i }).getAttribute('href')).toBe('/aviso-de-privacidad');
    expect(within(drawer).getByRole('link', { name: /prácticas de privacidad/i }).getAttribute('href')).toBe('/practicas-de-privacidad');
  });
});
