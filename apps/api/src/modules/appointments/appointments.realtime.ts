import {
  appointmentCancelSchema,
  appointmentLocationChangeSchema,
  appointmentMemberJoinedSchema,
  appointmentRefSchema,
  appointmentRoom,
  appointmentUpdateSchema,
  parseAppointmentAlert,
  userRoom,
  type AppointmentAck,
  type AppointmentAlert,
} from '@puente/contracts';
import type { AppointmentState } from '@puente/domain';
import type { FastifyBaseLogger } from 'fastify';
import type * as z from 'zod/mini';
import { AppError, fromZodError } from '../../errors';
import type { PuenteSocket, RealtimeGateway, SocketHandlers } from '../../realtime/gateway';
import type { PhysiciansService } from '../physicians/physicians.service';
import { isParticipant } from './appointments.policy';
import { actorOf, guestRoom, type Actor } from '../auth/session-scope';
import type { AlertTarget, AppointmentNotifier, AppointmentsService } from './appointments.service';
import type { UserRow } from '../../db/schema';

/** Every admin socket joins this room (spec 6: admins watch the live queue). */
export const ADMIN_ROOM = 'role:admin';

/** Alerts go to user rooms the policy picked, the admins' room and the appointment room. */
export class SocketAppointmentNotifier implements AppointmentNotifier {
  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly log: FastifyBaseLogger,
  ) {}

  appointmentAlert(target: AlertTarget, alert: AppointmentAlert): void {
    // spec 8: an alert without state or appointmentId is ignored and logged, here as on the client.
    if (!parseAppointmentAlert(alert)) {
      this.log.warn({ appointmentId: target.appointmentId }, 'appointment alert without state or appointmentId not sent');
      return;
    }
    const room = appointmentRoom(target.appointmentId);
    // Whoever lost access leaves the appointment room before anything else is sent there.
    for (const userId of target.evictUserIds) this.gateway.leaveRoom(userRoom(userId), room);
    // The appointment's guest-link sockets (not in the member's room) hear about it too.
    const rooms = [...target.userIds.map(userRoom), ...(target.admins ? [ADMIN_ROOM] : []), room, guestRoom(target.appointmentId)];
    this.gateway.emitToRooms(rooms, 'appointment-alert', alert);
  }

  recordChanged(appointmentId: string, userIds: readonly string[]): void {
    // Their user rooms only: not the appointment's room, which the member and a guest are in.
    if (userIds.length > 0) this.gateway.emitToRooms(userIds.map(userRoom), 'appointment-record-update', { appointmentId });
  }
}

type Ack<T> = ((answer: T) => void) | undefined;

/**
 * The appointment socket events (spec 7 Realtime): presence of coaches and doctors, joining an
 * appointment's room (only its member, its physicians and admins; anyone else gets NOT_FOUND, the
 * same answer REST and GraphQL give), and the client events that move an appointment, each
 * checked by the same service as GraphQL.
 */
export function appointmentsSocketPlugin(deps: {
  appointments: AppointmentsService;
  physicians: PhysiciansService;
  /** The accounts behind sockets (the members module's service). */
  accounts: { account(id: string): Promise<UserRow | undefined> };
  gateway: RealtimeGateway;
  log: FastifyBaseLogger;
}): SocketHandlers {
  const { appointments, physicians, accounts, gateway, log } = deps;
  const whoOf = (socket: PuenteSocket) => ({ id: socket.data.userId, userType: socket.data.userType });

  /** The account with this socket's session scope: every service call below is checked against it. */
  const actor = async (socket: PuenteSocket): Promise<Actor> => {
    const user = await accounts.account(socket.data.userId);
    if (!user || user.deletedAt) throw new AppError('UNAUTHORIZED');
    return actorOf(user, socket.data.scope);
  };

  /** Runs a handler and answers the ack with ok + state, or the one error shape. */
  const handle =
    <S extends z.ZodMiniType>(schema: S, run: (socket: PuenteSocket, user: Actor, payload: z.output<S>) => Promise<{ id: string; state: AppointmentState; statusReason: string | null }>) =>
    (socket: PuenteSocket, payload: unknown, ack: Ack<AppointmentAck>): void => {
      const parsed = schema.safeParse(payload);
      const reply = (answer: AppointmentAck) => {
        if (typeof ack === 'function') ack(answer);
      };
      if (!parsed.success) {
        reply(fromZodError(parsed.error).toJSONBody(socket.data.lang));
        return;
      }
      actor(socket)
        .then(async (user) => {
          socket.data.lang = user.preferredLang;
          const done = await run(socket, user, parsed.data);
          reply({ ok: true, appointmentId: done.id, state: done.state, statusReason: done.statusReason });
        })
        .catch((err: unknown) => {
          if (err instanceof AppError) return reply(err.toJSONBody(socket.data.lang));
          log.error({ err }, 'appointment socket event failed');
          reply(new AppError('UNKNOWN_ERROR').toJSONBody(socket.data.lang));
        });
    };

  return {
    connected: (socket) => {
      if (socket.data.userType === 'admin') void socket.join(ADMIN_ROOM);
      physicians.socketConnected(whoOf(socket), socket.id).catch((err: unknown) => log.error({ err }, 'presence connect failed'));
    },
    disconnected: (socket) => {
      physicians.socketDisconnected(whoOf(socket), socket.id).catch((err: unknown) => log.error({ err }, 'presence disconnect failed'));
    },
    events: {
      'appointment-subscribe': handle(appointmentRefSchema, async (socket, user, { appointmentId }) => {
        const row = await appointments.forSubscription(user, appointmentId);
        // Only the people in the consultation (and admins) follow its room; physicians it is
        // offered to get the queue alerts in their own room.
        if (user.userType !== 'admin' && !isParticipant(user, row)) throw new AppError('NOT_FOUND');
        await socket.join(appointmentRoom(row.id));
        return row;
      }),
      'appointment-unsubscribe': (socket, payload: unknown, ack: Ack<{ ok: true }>) => {
        const parsed = appointmentRefSchema.safeParse(payload);
        if (parsed.success) void socket.leave(appointmentRoom(parsed.data.appointmentId));
        if (typeof ack === 'function') ack({ ok: true });
      },
      'appointment-update': handle(appointmentUpdateSchema, (_socket, user, p) =>
        appointments.update(user, { id: p.appointmentId, state: p.state, statusReason: p.statusReason ?? undefined }, user.preferredLang),
      ),
      'appointment-cancel': handle(appointmentCancelSchema, (_socket, user, p) => appointments.cancel(user, p.appointmentId, p.reason, user.preferredLang)),
      'command-finish-appointment': handle(appointmentRefSchema, (_socket, user, p) => appointments.finish(user, p.appointmentId, user.preferredLang)),
      'appointment-location-change': handle(appointmentLocationChangeSchema, async (_socket, user, p) => {
        const row = await appointments.changeLocation(user, p.appointmentId, { country: p.country ?? '', state: p.state, city: p.city });
        gateway.emitToRooms([appointmentRoom(row.id)], 'appointment-location-change', { appointmentId: row.id, country: row.location?.country, state: p.state, city: p.city });
        return row;
      }),
      'appointment-member-joined': handle(appointmentMemberJoinedSchema, async (_socket, user, p) => {
        const row = await appointments.forSubscription(user, p.appointmentId);
        if (row.memberId !== user.id) throw new AppError('NOT_FOUND');
        const rooms = [row.mxDoctorId, row.usDoctorId].filter((v): v is string => !!v).map(userRoom);
        gateway.emitToRooms(rooms, 'appointment-member-joined', { appointmentId: row.id, memberId: row.memberId });
        return row;
      }),
    },
  };
}
