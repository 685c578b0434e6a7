import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeFetch, member } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

/** Opening a push (spec 4 push actions): where the member lands. */
const signedIn = () => {
  window.localStorage.setItem('sessionToken', 'st_1');
  installFakeFetch((call) => (call.url === '/api/graphql' ? { status: 200, body: { data: { getMember: member() } } } : { status: 200, body: { items: [], nextCursor: null } }));
};
afterEach(() => window.localStorage.clear());

describe('push actions', () => {
  it.each([
    ['CANCELLED_CONSULTATION', 'mem_1', '/consulta/infoPage/SC023'],
    ['TREAT_COMPLETED', 'mem_1', '/consulta/historial/apt_1'],
    ['GO_TO_FINISHED_APPOINTMENT', 'mem_1', '/consulta/historial/apt_1'],
    ['TREAT_COMPLETED', 'someone_else', '/consulta/historial'],
  ])('%s for %s opens %s', async (action, pushUserId, expected) => {
    signedIn();
    const view = renderApp(`/inicio?pushAction=${action}&appointmentId=apt_1&pushUserId=${pushUserId}`);
    await waitFor(() => expect(view.router.state.location.pathname).toBe(expected));
  });

  it('TECHNICAL_ISSUES_NO_COACH shows the modal with more coaches or home', async () => {
    signedIn();
    renderApp('/inicio?pushAction=TECHNICAL_ISSUES_NO_COACH&appointmentId=apt_1&pushUserId=mem_1');
    expect(await screen.findByText('No pudimos conectarte con un coach por un problema técnico. Puedes buscar otro coach o volver al inicio.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ver más coaches' })).toBeTruthy();
  });
});
