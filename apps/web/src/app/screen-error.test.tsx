import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setSessionToken } from '@/lib/session';
import { installFakeFetch, member } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

// The profile screen fails to render (as a screen whose code could not be fetched fails).
vi.mock('@/features/profile/components/profile-screen', () => ({
  ProfileScreen: () => {
    throw new Error('Failed to fetch dynamically imported module');
  },
}));

describe('a screen that fails, in the whole app', () => {
  it("shows the reason in the page's main, with the bottom navigation still there to leave it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    installFakeFetch((call) => (call.url === '/api/graphql' ? { status: 200, body: { data: { getMember: member() } } } : undefined));
    setSessionToken('tok_1');
    const { router } = renderApp('/perfil');
    const main = await screen.findByRole('main');
    expect((await within(main).findByRole('alert')).textContent).toBe('No se pudo procesar la petición.');
    const navigation = screen.getByRole('navigation');
    fireEvent.click(within(navigation).getByText('Inicio'));
    expect(await screen.findByTestId('home-screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/inicio');
    expect(screen.queryByTestId('screen-error')).toBeNull();
  });
});
