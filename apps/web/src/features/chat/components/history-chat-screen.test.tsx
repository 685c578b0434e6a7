import type { ChatMessageDto, ConversationResponse } from '@puente/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSessionToken } from '@/lib/session';
import { installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

const APPOINTMENT = '11111111-1111-4111-8111-111111111111';
const CONVERSATION = APPOINTMENT;

const message = (index: number): ChatMessageDto => ({
  sid: `sid-${index}`,
  conversationId: CONVERSATION,
  index,
  author: index % 2 ? 'mem_1' : 'coach_1',
  body: `mensaje ${index}`,
  media: null,
  clientMessageId: null,
  source: 'app',
  dateCreated: new Date(2026, 0, 5, 15, index).toISOString(),
});

let calls: FakeCall[];
beforeEach(() => {
  setSessionToken('token-1');
  ({ calls } = installFakeFetch((call) => {
    if (call.url === '/api/graphql') return { status: 200, body: { data: { getMember: member({ id: 'mem_1', agreedTosAt: '2025-01-01T00:00:00.000Z' }) } } };
    if (call.url.startsWith(`/api/chat/conversations/${CONVERSATION}`)) {
      const before = new URL(call.url, 'http://x').searchParams.get('before');
      const body: ConversationResponse = {
        id: CONVERSATION,
        appointmentId: APPOINTMENT,
        channel: 'chat',
        participants: [{ identity: 'coach_1', attributes: { author: 'María Hernández', userType: 'mx-physician', imgUrl: null } }],
        messages: before ? [message(1), message(2)] : [message(3), message(4)],
        hasMore: !before,
      };
      return { status: 200, body };
    }
    return undefined;
  }));
});

describe('/consulta/historial/historial-chat', () => {
  it('shows the consultation chat read only (no input), with earlier pages on demand', async () => {
    renderApp(`/consulta/historial/historial-chat?appointmentId=${APPOINTMENT}`);
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));
    // The conversation is read under the appointment's id.
    expect(calls.some((c) => c.url === `/api/chat/conversations/${APPOINTMENT}`)).toBe(true);
    expect(screen.queryByTestId('chat-input')).toBeNull();
    expect(screen.queryByTestId('chat-send')).toBeNull();
    expect(screen.getByText('María Hernández')).toBeTruthy();
    fireEvent.click(screen.getByTestId('chat-load-older'));
    await waitFor(() => expect(screen.getAllByTestId('chat-message-body').map((n) => n.textContent)).toEqual(['mensaje 1', 'mensaje 2', 'mensaje 3', 'mensaje 4']));
    expect(screen.queryByTestId('chat-load-older')).toBeNull();
  });

  it('without an appointment id it says the chat was not found', async () => {
    renderApp('/consulta/historial/historial-chat');
    expect(await screen.findByText('No encontramos el chat de esta consulta.')).toBeTruthy();
  });
});
