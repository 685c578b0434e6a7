import { CALL_PATHS } from '@puente/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCurrentAppointment } from '@/test/current-appointment';
import { appointment } from '@/test/consultation-fixtures';
import { apiError, holdRequests, installFakeFetch, member, trackedEvents } from '@/test/fake-fetch';
import { FakeSocket } from '@/test/fake-socket';
import { renderApp } from '@/test/render-app';
import { stubMediaDevices } from '@/test/media-devices';

// Whole-app renders on a busy machine: give each story room.
vi.setConfig({ testTimeout: 15_000 });
// The network boundary: the Socket.IO client (never connected here) and the camera (the call screen asks for it).
vi.mock('socket.io-client', () => ({ io: () => new FakeSocket() }));
const fakeStream = () => ({ getTracks: () => [], getAudioTracks: () => [], getVideoTracks: () => [] }) as unknown as MediaStream;

beforeEach(() => {
  resetCurrentAppointment();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  stubMediaDevices(vi.fn(async () => fakeStream()));
});
afterEach(() => resetCurrentAppointment());

/** The server for a guest's link: the token signs her in for that appointment only (or is refused). */
const serveLink = (id: string, opts: { refused?: boolean } = {}) =>
  installFakeFetch((call) => {
    if (call.url === CALL_PATHS.guestSignIn) {
      return opts.refused
        ? apiError(401, 'UNAUTHORIZED', 'link expired')
        : { status: 200, body: { sessionToken: 'st_guest', mustAcceptTos: false, member: member({ id: 'guest_1' }), appointmentId: id, loginless: true } };
    }
    if (call.url === CALL_PATHS.joinMethod(id, 'link')) return { status: 200, body: { ok: true } };
    if (call.url === '/api/graphql') {
      const query = (call.body as { query: string }).query;
      if (query.includes('GetAppointment')) return { status: 200, body: { data: { getAppointment: appointment({ id, state: '1-in-queue-for-coach' }) } } };
      if (query.includes('GetMember')) return { status: 200, body: { data: { getMember: member({ id: 'guest_1' }) } } };
    }
    return undefined;
  });

describe('/link-to-consult: the guest joins by link (spec 2, spec 4)', () => {
  it('while the link signs her in, the page has its level-one heading (axe: page-has-heading-one)', async () => {
    const id = crypto.randomUUID();
    const release = holdRequests(serveLink(id).fetchMock, 'tok_1');
    const { router } = renderApp(`/link-to-consult?token=tok_1&appointmentId=${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Preparando tu consulta…' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    release();
    // Her sign-in finishes here, not during the next story (it would sign that one's guest in and
    // move it to the call: a refused link's test once found itself on /consulta/video-llamada).
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/video-llamada'));
  });

  it('a valid link signs her in, marks the join method "link", tracks link_to_consult_joined (ids only) and opens the call', async () => {
    const id = crypto.randomUUID();
    const { calls } = serveLink(id);
    const { router } = renderApp(`/link-to-consult?token=tok_1&appointmentId=${id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/consulta/video-llamada'));
    expect(calls.some((c) => c.url === CALL_PATHS.joinMethod(id, 'link') && c.method === 'PATCH')).toBe(true);
    // Once, with the ids only (the call screen goes on to track call_joined when she is in the call).
    await waitFor(() => expect(trackedEvents(calls).filter((e) => e.event === 'link_to_consult_joined')).toEqual([{ event: 'link_to_consult_joined', properties: { appointmentId: id, method: 'link' } }]));
  });

  it('a refused link goes to the closed screen and tracks nothing', async () => {
    const id = crypto.randomUUID();
    const { calls } = serveLink(id, { refused: true });
    const { router } = renderApp(`/link-to-consult?token=tok_1&appointmentId=${id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/link-to-consult-closed'));
    expect(await screen.findByTestId('link-closed-screen')).toBeTruthy();
    expect(trackedEvents(calls).filter((e) => e.event === 'link_to_consult_joined')).toEqual([]);
  });
});
