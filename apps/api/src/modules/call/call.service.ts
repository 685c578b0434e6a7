import type { ChannelChange, GuestLinkResponse, GuestLinkSession, VideoTokenResponse } from '@puente/contracts';
import { buildPath, participantRole, CALL_LIMITS, channelSwitch, guestSessionExpiresAt, isCallOpen, type CallRole, type Channel, type SessionScope } from '@puente/domain';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { SmsProvider } from '../../providers/sms/sms.provider';
import type { TelephonyProvider } from '../../providers/telephony/telephony.provider';
import type { IceServersProvider } from '../../providers/video/ice-servers';
import type { AuthService } from '../auth/auth.service';
import { assertAppointmentInScope, refuseGuest, type Actor } from '../auth/session-scope';
import type { MembersService } from '../members/members.service';
import { guestLinkSms } from './call.messages';
import type { AppointmentsService } from '../appointments/appointments.service';
import { CallRepository, type CallAppointment } from './call.repository';

/** The room of one appointment's call: only sockets that passed the participant check are in it. */
export const callRoom = (appointmentId: string): string => `call:${appointmentId}`;
/** The room of one peer (one tab) of a call: signals for that peer go here, on every node. */
export const callPeerRoom = (appointmentId: string, peerId: string): string => `call:${appointmentId}:peer:${peerId}`;

export interface CallEmitter {
  emitToRooms(rooms: string[], event: 'call-channel-changed', payload: ChannelChange): void;
}

export interface CallServiceDeps {
  db: Db;
  clock: Clock;
  ice: IceServersProvider;
  telephony: TelephonyProvider;
  /** The guest link is texted to the member's phone, never handed to whoever asked for it. */
  sms: SmsProvider;
  /** Opens the session a guest link turns into (the auth service's createSession). */
  auth: Pick<AuthService, 'createSession' | 'issueLoginToken'>;
  /** The member's phone, language and time zone (the members service's). */
  members: Pick<MembersService, 'findById'>;
  /** The appointment a call belongs to, and its channel columns (the appointments service's). */
  appointments: Pick<AppointmentsService, 'byId' | 'switchChannel'>;
  realtime: CallEmitter;
  sessionSecret: string;
  publicUrl: string;
}

const GUEST_LOGIN_PROVIDER = 'guest-link';
const GUEST_AUDIENCE = 'puente:guest-link';

/** Who is calling: the account and the scope of its session (null for a full session). */
export interface CallCaller {
  userId: string;
  scope: SessionScope | null;
}

/** The caller's role in this appointment's call, or null when they are not one of its participants. */
export const callRoleOf = (a: Pick<CallAppointment, 'memberId' | 'mxDoctorId' | 'usDoctorId'>, userId: string): CallRole | null => participantRole(a, userId);

/**
 * The call's rules (issue 5): who may signal in which call, ICE configuration, channel switches,
 * the rejoin record and the guest link. Every check reads the appointment afresh, so a physician
 * taken off an appointment stops receiving its signals at once.
 */
export class CallService {
  readonly repo: CallRepository;
  private readonly secret: Uint8Array;

  constructor(private readonly deps: CallServiceDeps) {
    this.repo = new CallRepository(deps.db);
    this.secret = new TextEncoder().encode(`guest-link:${deps.sessionSecret}`);
  }

  /**
   * The participant check every call operation starts with. Anyone else (another member, a
   * physician not assigned, a guest session of another appointment) gets NOT_FOUND: the same
   * answer as for an appointment that does not exist.
   */
  async participant(caller: CallCaller, appointmentId: string): Promise<{ appointment: CallAppointment; role: CallRole }> {
    assertAppointmentInScope({ sessionScope: caller.scope }, appointmentId);
    const appointment = await this.deps.appointments.byId(appointmentId);
    const role = appointment ? callRoleOf(appointment, caller.userId) : null;
    if (!appointment || !role) throw new AppError('NOT_FOUND');
    return { appointment, role };
  }

  /** Participant of a call that is still open (terminal appointments have no call). */
  async openCall(caller: CallCaller, appointmentId: string): Promise<{ appointment: CallAppointment; role: CallRole }> {
    const found = await this.participant(caller, appointmentId);
    if (!isCallOpen(found.appointment.state)) throw new AppError('APPOINTMENT_ALREADY_FINISHED');
    return found;
  }

  /** The member entered or left the call (signaling join/leave/disconnect): the first- and second-timeout rule reads it. */
  async recordMemberPresence(appointmentId: string, userId: string, present: boolean): Promise<void> {
    await this.repo.recordEvent({ appointmentId, userId, kind: present ? 'member-joined' : 'member-left', at: this.deps.clock.now() });
  }

  /** Whether the member is in the consultation's call now (the appointments' timeout job asks). */
  memberInCall(appointmentId: string): Promise<boolean> {
    return this.repo.memberInCall(appointmentId);
  }

  /** GET /api/video/token?roomName= (spec 7 twilio/token): the ICE servers for this call. */
  async videoToken(caller: CallCaller, roomName: string): Promise<VideoTokenResponse> {
    await this.openCall(caller, roomName);
    const { iceServers, expiresAt } = this.deps.ice.iceServers(caller.userId, this.deps.clock.now());
    return { roomName, identity: caller.userId, iceServers, expiresAt: expiresAt.toISOString() };
  }

  /**
   * PATCH /api/appointments/{id}/channel/{channel}: video -> phone -> chat (or email) without losing
   * the record; the channel left is kept as previousChannel and the other participants are told.
   */
  async switchChannel(caller: CallCaller, appointmentId: string, to: Channel): Promise<ChannelChange> {
    const { appointment } = await this.openCall(caller, appointmentId);
    const change = channelSwitch(appointment.channel, to);
    if (!change) return { appointmentId, channel: appointment.channel, previousChannel: appointment.previousChannel, phoneCallPlaced: false };
    const now = this.deps.clock.now();
    const updated = await this.deps.db.transaction(async (tx) => {
      const row = await this.deps.appointments.switchChannel(appointmentId, appointment.channel, to, now, tx);
      if (row) await new CallRepository(tx).recordEvent({ appointmentId, userId: caller.userId, kind: 'channel-switch', detail: `${appointment.channel}->${to}`, at: now });
      return row;
    });
    if (!updated) throw new AppError('CONFLICT');
    let phoneCallPlaced = false;
    if (to === 'phone-call') {
      const member = await this.deps.members.findById(updated.memberId);
      if (member?.phoneNumber) phoneCallPlaced = (await this.deps.telephony.placeCall({ to: member.phoneNumber, appointmentId })).placed;
    }
    const result: ChannelChange = { appointmentId, channel: updated.channel, previousChannel: updated.previousChannel, phoneCallPlaced };
    this.deps.realtime.emitToRooms([callRoom(appointmentId)], 'call-channel-changed', result);
    return result;
  }

  /** POST /api/appointments/{id}/rejoined: the member accepted the return-to-call modal (spec 4). */
  async markRejoined(caller: CallCaller, appointmentId: string): Promise<{ ok: true; rejoinedCount: number }> {
    const { role } = await this.openCall(caller, appointmentId);
    if (role !== 'member') throw new AppError('NOT_FOUND');
    return { ok: true, rejoinedCount: await this.repo.recordRejoin(appointmentId, caller.userId, this.deps.clock.now()) };
  }

  /**
   * POST /api/appointments/{id}/guest-link: a signed, expiring token for this appointment's member
   * (spec 2 "Link to consult"), asked by a participant or an admin for a scheduled or on-demand
   * appointment still open. The link is texted to the member's phone only: nobody who asks for it
   * (a physician, an admin) ever sees the token. A guest session cannot ask for another.
   */
  async issueGuestLink(actor: Actor, appointmentId: string): Promise<GuestLinkResponse> {
    refuseGuest(actor);
    const appointment =
      actor.userType === 'admin' ? await this.deps.appointments.byId(appointmentId) : (await this.participant({ userId: actor.id, scope: null }, appointmentId)).appointment;
    if (!appointment) throw new AppError('NOT_FOUND');
    if (appointment.type !== 'scheduled' && appointment.type !== 'on-demand') throw new AppError('NOT_FOUND');
    if (!isCallOpen(appointment.state)) throw new AppError('APPOINTMENT_ALREADY_FINISHED');
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + CALL_LIMITS.guestLinkTtlMs);
    const token = await new SignJWT({ apt: appointmentId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(appointment.memberId)
      .setAudience(GUEST_AUDIENCE)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.secret);
    const member = await this.deps.members.findById(appointment.memberId);
    if (!member?.phoneNumber || member.deletedAt) throw new AppError('MEMBER_NOT_AVAILABLE');
    const url = `${this.deps.publicUrl}${buildPath('linkToConsult')}?token=${encodeURIComponent(token)}&appointmentId=${appointmentId}`;
    await this.deps.sms.send({ to: member.phoneNumber, body: guestLinkSms(member.preferredLang, url) });
    return { sent: true, expiresAt: expiresAt.toISOString() };
  }

  /**
   * POST /api/auth/guest-link: the token becomes a session for the member that only reaches that
   * appointment (the session's stored scope, inherited by every session refreshed from it), until
   * the consultation ends or, at the latest, the end of its day. An expired token, one for another
   * appointment, or one whose appointment is over is refused.
   */
  async signInWithGuestLink(input: { token: string; appointmentId: string; timeZone?: string }): Promise<GuestLinkSession> {
    const now = this.deps.clock.now();
    let memberId: string;
    try {
      const { payload } = await jwtVerify(input.token, this.secret, { audience: GUEST_AUDIENCE, algorithms: ['HS256'], currentDate: now });
      if (payload.apt !== input.appointmentId || typeof payload.sub !== 'string') throw new AppError('TOKEN_INVALID');
      memberId = payload.sub;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === 'ERR_JWT_EXPIRED') throw new AppError('TOKEN_EXPIRED');
      throw new AppError('TOKEN_INVALID');
    }
    const appointment = await this.deps.appointments.byId(input.appointmentId);
    if (!appointment || appointment.memberId !== memberId) throw new AppError('TOKEN_INVALID');
    if (!isCallOpen(appointment.state)) throw new AppError('APPOINTMENT_ALREADY_FINISHED');

    const member = await this.deps.members.findById(memberId);
    const loginToken = await this.deps.auth.issueLoginToken({
      userId: memberId,
      provider: GUEST_LOGIN_PROVIDER,
      now,
      scopeKind: 'guest-call',
      scopeAppointmentId: input.appointmentId,
      scopeExpiresAt: guestSessionExpiresAt(now, appointment.startDate, member?.timeZone),
    });
    const session = await this.deps.auth.createSession({ loginToken, timeZone: input.timeZone ?? 'America/Mexico_City' });
    return { ...session, appointmentId: input.appointmentId, loginless: true };
  }
}
