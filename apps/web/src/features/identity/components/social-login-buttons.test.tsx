import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

const providersAnswer = (organization: unknown, providers = ['google', 'facebook', 'apple', 'email']) =>
  installFakeFetch((call) => (call.url.startsWith('/api/auth/identity-providers') ? { status: 200, body: { providers, organization } } : undefined));

describe('social login buttons on /login (spec 2 and 6: RestrictSocialLogin)', () => {
  it('an organization login without the restriction shows Apple, Google and Facebook, and the staff link', async () => {
    const { calls } = providersAnswer({ id: 'org-1', settings: { SchedulingAvailable: true } });
    renderApp('/login?empCode=ACME2026');
    expect(await screen.findByTestId('social-login-google')).toBeTruthy();
    expect(screen.getByTestId('social-login-apple')).toBeTruthy();
    expect(screen.getByTestId('social-login-facebook')).toBeTruthy();
    expect(screen.getByTestId('staff-login-link').getAttribute('href')).toBe('/staff/login');
    expect(calls.some((c) => c.url.includes('empCode=ACME2026'))).toBe(true);
  });

  it('RestrictSocialLogin hides them', async () => {
    const { calls } = providersAnswer({ id: 'org-1', settings: { RestrictSocialLogin: true } });
    renderApp('/login?empCode=ACME2026');
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await screen.findByTestId('staff-login-link');
    expect(screen.queryByTestId('social-login-google')).toBeNull();
  });

  it('a member with no organization and no partner does not see them (restricted by default)', async () => {
    const { calls } = providersAnswer(null);
    renderApp('/login');
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(screen.queryByTestId('social-login-google')).toBeNull();
  });

  it('only configured providers get a button', async () => {
    providersAnswer({ id: 'org-1', settings: {} }, ['google']);
    renderApp('/login?empCode=ACME2026');
    expect(await screen.findByTestId('social-login-google')).toBeTruthy();
    expect(screen.queryByTestId('social-login-apple')).toBeNull();
  });
});
