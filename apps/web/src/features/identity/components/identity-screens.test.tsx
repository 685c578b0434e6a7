import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('/login/social/{provider} and /login/merge/error/{provider} (spec 2)', () => {
  it('name the provider of the address', async () => {
    renderApp('/login/social/apple');
    expect((await screen.findByTestId('social-sign-in')).textContent).toMatch(/Apple/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/Apple/);
  });

  it('the merge error names its provider', async () => {
    renderApp('/login/merge/error/facebook');
    expect((await screen.findByTestId('merge-error-screen')).textContent).toMatch(/Facebook/);
  });

  // A mistyped or old link is an unknown address, as any other: not Google's page under another name.
  it.each(['/login/social/myspace', '/login/merge/error/myspace'])('%s goes to the start', async (path) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).not.toBe(path));
    expect(screen.queryByTestId('social-login-screen')).toBeNull();
    expect(screen.queryByTestId('merge-error-screen')).toBeNull();
    expect(document.body.textContent).not.toMatch(/Google/);
  });
});
