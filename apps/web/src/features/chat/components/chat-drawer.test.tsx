import type { ChatMessageDto, ConversationResponse } from '@puente/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session';
import { socketStore } from '@/lib/socket';
import { installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { formatChatTime } from '../hooks/chat-state';
import { ChatDrawer } from './chat-drawer';
import { ChatToggleButton } from './chat-toggle-button';

const APPOINTMENT = '11111111-1111-4111-8111-111111111111';
const CONVERSATION = APPOINTMENT;
const ME = 'mem_1';
const COACH = 'coach_1';

const message = (index: number, overrides: Partial<ChatMessageDto> = {}): ChatMessageDto => ({
  sid: `sid-${index}`,
  conversationId: CONVERSATION,
  index,
  author: COACH,
  body: `mensaje ${index}`,
  media: null,
  clientMessageId: null,
  source: 'app',
  dateCreated: new Date(2026, 0, 5, 15, 5).toISOString(),
  ...overrides,
});

/** A socket at the boundary: the hook listens and emits; the test plays the server. */
class FakeSocket {
  connected = true;
  active = true;
  listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  sent: { event: string; payload: unknown; ack: (answer: unknown) => void }[] = [];
  on(event: string, fn: (...args: unknown[]) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(fn);
    return this;
  }
  off(event: string, fn: (...args: unknown[]) => void) {
    this.listeners.get(event)?.delete(fn);
    return this;
  }
  emit(event: string, payload: unknown, ack: (answer: unknown) => void) {
    this.sent.push({ event, payload, ack });
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    act(() => this.listeners.get(event)?.forEach((fn) => fn(...args)));
  }
}

let serverMessages: ChatMessageDto[];
let calls: FakeCall[];
let attachmentStatus = 200;

beforeEach(() => {
  serverMessages = [];
  attachmentStatus = 200;
  setSessionToken('token-1');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:fake', revokeObjectURL: () => undefined }));
  ({ calls } = installFakeFetch((call) => {
    if (call.url === '/api/graphql') return { status: 200, body: { data: { getMember: member({ id: ME }) } } };
    if (call.url.startsWith(`/api/chat/conversations/${CONVERSATION}/attachments/`)) {
      return attachmentStatus === 200 ? { status: 200, body: {} } : { status: attachmentStatus, body: { error: { code: 'NOT_FOUND', status: 404, message: 'x' } } };
    }
    if (call.url.startsWith(`/api/chat/conversations/${CONVERSATION}`)) {
      const after = Number(new URL(call.url, 'http://x').searchParams.get('after') ?? '0');
      const body: ConversationResponse = {
        id: CONVERSATION,
        appointmentId: APPOINTMENT,
        channel: 'chat',
        participants: [
          { identity: ME, attributes: { author: 'Lucía Gómez', userType: 'member', imgUrl: null } },
          { identity: COACH, attributes: { author: 'María Hernández', userType: 'mx-physician', imgUrl: null } },
        ],
        messages: serverMessages.filter((m) => m.index > after),
        hasMore: false,
      };
      return { status: 200, body };
    }
    return undefined;
  }));
});
afterEach(() => {
  socketStore.set(null);
});

function Host({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [unread, setUnread] = useState(false);
  return (
    <>
      <ChatToggleButton unread={unread} onClick={() => setOpen(true)} />
      <ChatDrawer appointmentId={APPOINTMENT} open={open} onClose={() => setOpen(false)} onUnreadChange={setUnread} />
    </>
  );
}

const renderDrawer = (socket: FakeSocket | null, options: { open?: boolean } = {}) => {
  socketStore.set(socket as unknown as Socket);
  return render(
    <AppProviders queryClient={createQueryClient()} i18n={createI18n('es')}>
      <Host initiallyOpen={options.open} />
    </AppProviders>,
  );
};

const drawer = () => screen.getByTestId('chat-drawer');
const bubbles = () => within(drawer()).queryAllByTestId('chat-message');

// The first render pays for loading MUI and the drawer; give the stories room on a busy machine.
describe('chat drawer', { timeout: 20_000 }, () => {
  it('spec 4: a message from someone else while the drawer is closed sets the unread flag; opening clears it', async () => {
    const socket = new FakeSocket();
    renderDrawer(socket);
    await waitFor(() => expect(calls.some((c) => c.url === `/api/chat/conversations/${CONVERSATION}`)).toBe(true));
    await waitFor(() => expect(within(drawer()).getByText('Aún no hay mensajes.')).toBeTruthy());
    // My own message (e.g. from another tab) does not count.
    socket.fire('chat-message', { message: message(1, { author: ME, body: 'mío' }) });
    await waitFor(() => expect(bubbles()).toHaveLength(1));
    expect(screen.queryByTestId('chat-unread')).toBeNull();
    socket.fire('chat-message', { message: message(2, { body: 'Hola Lucía' }) });
    await waitFor(() => expect(screen.getByTestId('chat-unread')).toBeTruthy());
    fireEvent.click(screen.getByTestId('chat-open'));
    await waitFor(() => expect(screen.queryByTestId('chat-unread')).toBeNull());
    // The open drawer is a dialog named by its title.
    expect(screen.getByRole('dialog', { name: 'Chat de la consulta' })).toBeTruthy();
    // While open, new messages do not set it.
    socket.fire('chat-message', { message: message(3) });
    await waitFor(() => expect(bubbles()).toHaveLength(3));
    expect(screen.queryByTestId('chat-unread')).toBeNull();
  });

  it('spec 9: times read h:mm a with the ES locale; file names over 30 characters are truncated', async () => {
    serverMessages = [
      message(1, { body: 'Hola', dateCreated: new Date(2026, 0, 5, 15, 5).toISOString() }),
      message(2, {
        body: null,
        media: { contentType: 'application/pdf', fileName: 'resultados-de-laboratorio-de-marzo-2026.pdf', type: 'lab-test', size: 1000, url: `/api/chat/conversations/${CONVERSATION}/attachments/sid-2` },
        dateCreated: new Date(2026, 0, 5, 9, 30).toISOString(),
      }),
    ];
    renderDrawer(new FakeSocket(), { open: true });
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    const times = within(drawer()).getAllByTestId('chat-message-time').map((n) => n.textContent);
    expect(times).toEqual(['3:05 PM', '9:30 AM']);
    expect(within(drawer()).queryByTestId('chat-via-email')).toBeNull();
    expect(formatChatTime(new Date(2026, 0, 5, 0, 7).toISOString())).toBe('12:07 AM');
    const name = await within(drawer()).findByTestId('chat-file-name');
    expect(name.textContent).toBe('resultados-de-laboratorio….pdf');
    expect(name.textContent!.length).toBeLessThanOrEqual(30);
    expect(name.getAttribute('title')).toBe('resultados-de-laboratorio-de-marzo-2026.pdf');
  });

  it('a reply that came by email (email consultations) says so', async () => {
    serverMessages = [message(1, { body: 'Toma agua', source: 'email', dateCreated: new Date(2026, 0, 5, 8, 0).toISOString() })];
    renderDrawer(new FakeSocket(), { open: true });
    await waitFor(() => expect(bubbles()).toHaveLength(1));
    expect(within(drawer()).getByTestId('chat-message-time').textContent).toBe('8:00 AM · por correo');
  });

  it("spec 8: an attachment that cannot be loaded reads 'No se pudo cargar el contenido multimedia'", async () => {
    attachmentStatus = 404;
    serverMessages = [message(1, { body: null, media: { contentType: 'image/png', fileName: 'garganta.png', type: 'symptoms', size: 10, url: `/api/chat/conversations/${CONVERSATION}/attachments/sid-1` } })];
    renderDrawer(new FakeSocket(), { open: true });
    expect((await within(drawer()).findByTestId('chat-media-error')).textContent).toBe('No se pudo cargar el contenido multimedia');
  });

  it('spec 5: blank text is not sent; a message is sent with a client id and shown once after the ack', async () => {
    const socket = new FakeSocket();
    renderDrawer(socket, { open: true });
    await waitFor(() => expect(within(drawer()).getByText('Aún no hay mensajes.')).toBeTruthy());
    const input = within(drawer()).getByTestId('chat-input');
    expect(input.tagName).toBe('TEXTAREA');
    fireEvent.change(input, { target: { value: '   ' } });
    expect((within(drawer()).getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '  Me duele la cabeza ' } });
    fireEvent.click(within(drawer()).getByTestId('chat-send'));
    await waitFor(() => expect(socket.sent).toHaveLength(1));
    const { payload, ack } = socket.sent[0]!;
    const { clientMessageId } = payload as { clientMessageId: string };
    expect(payload).toMatchObject({ conversationId: CONVERSATION, body: 'Me duele la cabeza' });
    expect(bubbles()[0]!.getAttribute('data-pending')).toBe('true');
    const stored = message(1, { author: ME, body: 'Me duele la cabeza', clientMessageId });
    act(() => ack({ ok: true, message: stored }));
    // The live copy of the same message arrives too: still one bubble.
    socket.fire('chat-message', { message: stored });
    await waitFor(() => expect(bubbles()[0]!.getAttribute('data-pending')).toBe('false'));
    expect(bubbles()).toHaveLength(1);
  });

  it('offline: loading is shown, the message waits; on reconnect the client catches up after its last index, then resends once', async () => {
    serverMessages = [message(1)];
    const socket = new FakeSocket();
    socket.connected = false;
    renderDrawer(socket, { open: true });
    await waitFor(() => expect(bubbles()).toHaveLength(1));
    expect(within(drawer()).getByTestId('chat-loading')).toBeTruthy();
    fireEvent.change(within(drawer()).getByTestId('chat-input'), { target: { value: 'sin señal' } });
    fireEvent.click(within(drawer()).getByTestId('chat-send'));
    expect(socket.sent).toHaveLength(0);
    expect(bubbles()[1]!.getAttribute('data-pending')).toBe('true');
    // What the coach wrote meanwhile is on the server.
    serverMessages = [message(1), message(2, { body: '¿sigues ahí?' })];
    socket.connected = true;
    socket.fire('connect');
    await waitFor(() => expect(socket.sent).toHaveLength(1));
    expect(calls.some((c) => c.url === `/api/chat/conversations/${CONVERSATION}?after=1`)).toBe(true);
    expect(within(drawer()).queryByTestId('chat-loading')).toBeNull();
    const { payload, ack } = socket.sent[0]!;
    act(() => ack({ ok: true, message: message(3, { author: ME, body: 'sin señal', clientMessageId: (payload as { clientMessageId: string }).clientMessageId }) }));
    await waitFor(() => expect(bubbles().map((b) => b.getAttribute('data-sid'))).toEqual(['sid-1', 'sid-2', 'sid-3']));
    // A second reconnect finds nothing pending and fetches after index 3: nothing doubles.
    socket.fire('connect');
    await waitFor(() => expect(calls.some((c) => c.url === `/api/chat/conversations/${CONVERSATION}?after=3`)).toBe(true));
    expect(socket.sent).toHaveLength(1);
    expect(bubbles()).toHaveLength(3);
  });

  it('a pending message survives a reload (kept in storage) and is sent when the socket connects', async () => {
    window.localStorage.setItem(`chat-pending:${CONVERSATION}`, JSON.stringify([{ clientMessageId: 'cid-12345678', conversationId: CONVERSATION, body: 'antes de recargar', createdAt: new Date().toISOString() }]));
    const socket = new FakeSocket();
    renderDrawer(socket, { open: true });
    await waitFor(() => expect(socket.sent).toHaveLength(1));
    expect(socket.sent[0]!.payload).toMatchObject({ clientMessageId: 'cid-12345678', body: 'antes de recargar' });
  });

  it('spec 4: a denied connection shows loading', async () => {
    const socket = new FakeSocket();
    socket.connected = false;
    socket.active = false;
    renderDrawer(socket, { open: true });
    await waitFor(() => expect(within(drawer()).getByText('Aún no hay mensajes.')).toBeTruthy());
    socket.fire('connect_error', Object.assign(new Error('x'), { data: { error: { code: 'UNAUTHORIZED', status: 401, message: 'x' } } }));
    await waitFor(() => expect(drawer().getAttribute('data-connection')).toBe('denied'));
    expect(within(drawer()).getByTestId('chat-loading').textContent).toContain('No pudimos conectar el chat');
  });
});
