import { REALTIME_EVENTS, type ChatSendAck } from '@puente/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors';
import type { SocketHandlers } from '../../realtime/gateway';
import type { ChatService } from './chat.service';

/**
 * chat-send over the socket: stored once per client message id, acknowledged with the stored
 * message (a repeat gets the same answer), or with the one error shape.
 */
export function chatSocketHandlers(chat: ChatService, log: FastifyBaseLogger): SocketHandlers {
  return {
    events: {
      [REALTIME_EVENTS.chatSend]: (socket, payload, ack) => {
        const answer = (value: ChatSendAck) => {
          if (typeof ack === 'function') ack(value);
        };
        chat.sendText({ userId: socket.data.userId, sessionScope: socket.data.scope }, payload).then(
          (message) => answer({ ok: true, message }),
          (error: unknown) => {
            if (error instanceof AppError) return answer(error.toJSONBody(socket.data.lang));
            log.error({ err: error }, 'chat-send failed');
            answer(new AppError('UNKNOWN_ERROR').toJSONBody(socket.data.lang));
          },
        );
      },
    },
  };
}
