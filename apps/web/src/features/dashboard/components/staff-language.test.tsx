import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { dashboardTestEnv, installStaffServer } from './dashboard-test-kit';

dashboardTestEnv();

describe('staff screens are in the staff member’s language', () => {
  it('an English-speaking coach on a device left in Spanish gets the dashboard in English', async () => {
    installStaffServer({ userType: 'mx-physician', preferredLang: 'en' });
    const { i18n } = renderApp('/dashboard', { language: 'es' });
    await waitFor(() => expect(screen.getByText('Puente · Clinical dashboard')).toBeTruthy());
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('a Spanish-speaking US doctor on a device left in English gets it in Spanish', async () => {
    installStaffServer({ userType: 'us-physician', preferredLang: 'es' });
    const { i18n } = renderApp('/dashboard', { language: 'en' });
    await waitFor(() => expect(screen.getByText('Puente · Panel clínico')).toBeTruthy());
    expect(i18n.language).toBe('es');
  });
});
