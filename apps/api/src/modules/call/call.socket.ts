import { callJoinSchema, callLeaveSchema, callSignalSchema, type ApiError, type CallPeer } from '@puente/contracts';
import { CALL_EVENTS, type CallRole } from '@puente/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, fromZodError } from '../../errors';
import { toAppError } from '../../error-handler';
import { socketsInRoom, type PuenteSocket, type SocketHandlers } from '../../realtime/gateway';
import { callPeerRoom, callRoleOf, callRoom, type CallService } from './call.service';

/**
 * Signaling for the call (issue 5) on the realtime gateway: join/leave and offer/answer/candidate
 * relay. Every event re-checks, against the database, that the sender is a participant of that
 * appointment, and a relayed signal reaches only the addressed peer, if that peer's user is a
 * participant too. A non-participant gets NOT_FOUND and is never put in the call's rooms.
 */
export function callSocketHandlers(calls: CallService, log: FastifyBaseLogger): SocketHandlers {
  /** The socket's account and its session's scope (a guest link's socket reaches its own appointment only). */
  const caller = (socket: PuenteSocket) => ({ userId: socket.data.userId, scope: socket.data.scope });
  const fail = (socket: PuenteSocket, error: unknown): ApiError => {
    const appError = toAppError(error);
    if (appError.status >= 500) log.error({ err: error }, 'call signaling failed');
    return appError.toJSONBody(socket.data.lang);
  };
  const peerOf = (socket: PuenteSocket, appointmentId: string, peer: { peerId: string; role: CallRole }): CallPeer => ({ appointmentId, peerId: peer.peerId, userId: socket.data.userId, role: peer.role });
  /** The member's presence, for the first- and second-timeout rule; a failure to record it is logged, never the call's. */
  const presence = (socket: PuenteSocket, appointmentId: string, present: boolean) =>
    calls.recordMemberPresence(appointmentId, socket.data.userId, present).catch((err: unknown) => log.warn({ err }, 'call presence not recorded'));
  const leave = async (socket: PuenteSocket, appointmentId: string) => {
    const mine = socket.data.calls?.get(appointmentId);
    if (!mine) return;
    socket.data.calls!.delete(appointmentId);
    if (mine.role === 'member') await presence(socket, appointmentId, false);
    socket.to(callRoom(appointmentId)).emit(CALL_EVENTS.peerLeft, { ...peerOf(socket, appointmentId, mine), reason: 'left' });
    await socket.leave(callRoom(appointmentId));
    await socket.leave(callPeerRoom(appointmentId, mine.peerId));
  };

  return {
    events: {
      [CALL_EVENTS.join]: async (socket, payload, ack) => {
        const answer = typeof ack === 'function' ? ack : () => undefined;
        const parsed = callJoinSchema.safeParse(payload);
        if (!parsed.success) return answer(fail(socket, fromZodError(parsed.error)));
        const { appointmentId, peerId } = parsed.data;
        try {
          const { appointment, role } = await calls.openCall(caller(socket), appointmentId);
          const previous = socket.data.calls?.get(appointmentId);
          if (previous && previous.peerId !== peerId) await leave(socket, appointmentId);
          await socket.join([callRoom(appointmentId), callPeerRoom(appointmentId, peerId)]);
          (socket.data.calls ??= new Map()).set(appointmentId, { peerId, role });
          if (role === 'member' && previous?.peerId !== peerId) await presence(socket, appointmentId, true);
          socket.to(callRoom(appointmentId)).emit(CALL_EVENTS.peerJoined, peerOf(socket, appointmentId, { peerId, role }));
          answer({ ok: true, appointmentId, peerId, role, state: appointment.state, channel: appointment.channel });
        } catch (error) {
          answer(fail(socket, error));
        }
      },

      [CALL_EVENTS.signal]: async (socket, payload, ack) => {
        const answer = typeof ack === 'function' ? ack : () => undefined;
        const parsed = callSignalSchema.safeParse(payload);
        if (!parsed.success) return answer(fail(socket, fromZodError(parsed.error)));
        const signal = parsed.data;
        try {
          // The participant check on every event (the appointment may have changed hands).
          const { appointment, role } = await calls.openCall(caller(socket), signal.appointmentId);
          const mine = socket.data.calls?.get(signal.appointmentId);
          if (!mine || mine.peerId !== signal.from) return answer(fail(socket, new AppError('NOT_FOUND')));
          // On every node; with Redis away, on this one (a call on one node keeps working).
          const targets = await socketsInRoom(socket, callPeerRoom(signal.appointmentId, signal.to), log);
          for (const target of targets) {
            if (callRoleOf(appointment, target.data.userId)) target.emit(CALL_EVENTS.signal, { ...signal, fromUserId: socket.data.userId, role });
          }
          answer({ ok: true });
        } catch (error) {
          answer(fail(socket, error));
        }
      },

      [CALL_EVENTS.leave]: async (socket, payload, ack) => {
        const parsed = callLeaveSchema.safeParse(payload);
        if (parsed.success) await leave(socket, parsed.data.appointmentId);
        if (typeof ack === 'function') ack({ ok: true });
      },
    },

    disconnected: (socket) => {
      const joined = socket.data.calls;
      if (!joined) return;
      for (const [appointmentId, mine] of joined) {
        if (mine.role === 'member') void presence(socket, appointmentId, false);
        socket.to(callRoom(appointmentId)).emit(CALL_EVENTS.peerLeft, { ...peerOf(socket, appointmentId, mine), reason: 'disconnected' });
      }
      joined.clear();
    },
  };
}
