import { callJoinSchema, callLeaveSchema, callSignalSchema, type ApiError, type CallPeer } from '@puente/contracts';
import { CALL_EVENTS, type CallRole } from '@puente/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, fromZodError, languageFromHeader } from '../../errors';
import { toAppError } from '../../error-handler';
import type { PuenteSocket } from '../../realtime/gateway';
import { callPeerRoom, callRoleOf, callRoom, type CallService } from './call.service';

/**
 * Signaling for the call (issue 5) on the realtime gateway: join/leave and offer/answer/candidate
 * relay. Every event re-checks, against the database, that the sender is a participant of that
 * appointment, and a relayed signal reaches only the addressed peer, if that peer's user is a
 * participant too. A non-participant gets NOT_FOUND and is never put in the call's rooms.
 */
export function callSocketHandlers(calls: CallService, log: FastifyBaseLogger) {
  return (socket: PuenteSocket): void => {
    const lang = languageFromHeader(socket.handshake.headers['accept-language']);
    /** The socket's account and its session's scope (a guest link's socket reaches its own appointment only). */
    const caller = () => ({ userId: socket.data.userId, scope: socket.data.scope });
    /** appointmentId -> this socket's peer in that call */
    const joined = new Map<string, { peerId: string; role: CallRole }>();
    const fail = (error: unknown): ApiError => {
      const appError = toAppError(error);
      if (appError.status >= 500) log.error({ err: error }, 'call signaling failed');
      return appError.toJSONBody(lang);
    };
    const peerOf = (appointmentId: string, peer: { peerId: string; role: CallRole }): CallPeer => ({ appointmentId, peerId: peer.peerId, userId: socket.data.userId, role: peer.role });
    /** The member's presence, for the first- and second-timeout rule; a failure to record it is logged, never the call's. */
    const presence = (appointmentId: string, present: boolean) =>
      calls.recordMemberPresence(appointmentId, socket.data.userId, present).catch((err: unknown) => log.warn({ err }, 'call presence not recorded'));
    const leave = async (appointmentId: string) => {
      const mine = joined.get(appointmentId);
      if (!mine) return;
      joined.delete(appointmentId);
      if (mine.role === 'member') await presence(appointmentId, false);
      socket.to(callRoom(appointmentId)).emit(CALL_EVENTS.peerLeft, { ...peerOf(appointmentId, mine), reason: 'left' });
      await socket.leave(callRoom(appointmentId));
      await socket.leave(callPeerRoom(appointmentId, mine.peerId));
    };

    socket.on(CALL_EVENTS.join, async (payload, ack) => {
      const answer = typeof ack === 'function' ? ack : () => undefined;
      const parsed = callJoinSchema.safeParse(payload);
      if (!parsed.success) return answer(fail(fromZodError(parsed.error)));
      const { appointmentId, peerId } = parsed.data;
      try {
        const { appointment, role } = await calls.openCall(caller(), appointmentId);
        const previous = joined.get(appointmentId);
        if (previous && previous.peerId !== peerId) await leave(appointmentId);
        await socket.join([callRoom(appointmentId), callPeerRoom(appointmentId, peerId)]);
        joined.set(appointmentId, { peerId, role });
        if (role === 'member' && previous?.peerId !== peerId) await presence(appointmentId, true);
        socket.to(callRoom(appointmentId)).emit(CALL_EVENTS.peerJoined, peerOf(appointmentId, { peerId, role }));
        answer({ ok: true, appointmentId, peerId, role, state: appointment.state, channel: appointment.channel });
      } catch (error) {
        answer(fail(error));
      }
    });

    socket.on(CALL_EVENTS.signal, async (payload, ack) => {
      const answer = typeof ack === 'function' ? ack : () => undefined;
      const parsed = callSignalSchema.safeParse(payload);
      if (!parsed.success) return answer(fail(fromZodError(parsed.error)));
      const signal = parsed.data;
      try {
        // The participant check on every event (the appointment may have changed hands).
        const { appointment, role } = await calls.openCall(caller(), signal.appointmentId);
        const mine = joined.get(signal.appointmentId);
        if (!mine || mine.peerId !== signal.from) return answer(fail(new AppError('NOT_FOUND')));
        const targets = await socket.nsp.in(callPeerRoom(signal.appointmentId, signal.to)).fetchSockets();
        for (const target of targets) {
          if (callRoleOf(appointment, target.data.userId)) target.emit(CALL_EVENTS.signal, { ...signal, fromUserId: socket.data.userId, role });
        }
        answer({ ok: true });
      } catch (error) {
        answer(fail(error));
      }
    });

    socket.on(CALL_EVENTS.leave, async (payload, ack) => {
      const parsed = callLeaveSchema.safeParse(payload);
      if (parsed.success) await leave(parsed.data.appointmentId);
      if (typeof ack === 'function') ack({ ok: true });
    });

    socket.on('disconnect', () => {
      for (const [appointmentId, mine] of joined) {
        if (mine.role === 'member') void presence(appointmentId, false);
        socket.to(callRoom(appointmentId)).emit(CALL_EVENTS.peerLeft, { ...peerOf(appointmentId, mine), reason: 'disconnected' });
      }
      joined.clear();
    });
  };
}
