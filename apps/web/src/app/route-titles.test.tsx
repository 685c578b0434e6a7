import { LANGUAGES, ROUTE_NAMES } from '@puente/domain';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/locales';
import { renderApp } from '@/test/render-app';
import { documentTitleFor, ROUTE_TITLE_KEYS } from './route-titles';

// Issue 10 (WCAG 2.4.2 Page Titled): every screen has its own title, in Spanish and English.
describe('document titles', () => {
  it.each(LANGUAGES)('every route has its own title in %s', (language) => {
    const titles = ROUTE_NAMES.map((name) => MESSAGES[language][ROUTE_TITLE_KEYS[name]]);
    for (const [i, title] of titles.entries()) expect(title, ROUTE_NAMES[i]).toMatch(/\S/);
    expect(new Set(titles).size).toBe(ROUTE_NAMES.length);
  });

  it('the screen sets its title, follows navigation and the language, and names the onboarding step', async () => {
    const { router, i18n } = renderApp('/presignup');
    await waitFor(() => expect(document.title).toBe('Bienvenida · Puente'));
    await act(async () => {
      await router.navigate('/login');
    });
    await waitFor(() => expect(document.title).toBe('Iniciar sesión · Puente'));
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    await waitFor(() => expect(document.title).toBe('Sign in · Puente'));
  });

  it('the onboarding steps are told apart', () => {
    const t = (key: string, options?: Record<string, unknown>) =>
      MESSAGES.en[key]!.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(options?.[k] ?? ''));
    expect(documentTitleFor('/induccion/crear-perfil/2', t)).toBe('Create your profile (step 2) · Puente');
    expect(documentTitleFor('/no-such-screen', t)).toBe('Puente');
  });
});
