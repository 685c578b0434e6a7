import type { Channel } from '@puente/domain';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, callEvents, type AppointmentRow } from '../../db/schema';

export type CallAppointment = Pick<AppointmentRow, 'id' | 'memberId' | 'mxDoctorId' | 'usDoctorId' | 'state' | 'type' | 'channel' | 'previousChannel' | 'startDate'>;

/** Queries only (issue 5). Reads the appointments table; writes only channel fields and its own tables. */
export class CallRepository {
  constructor(private readonly db: Db) {}

  async findAppointment(id: string): Promise<CallAppointment | undefined> {
    const [row] = await this.db
      .select({
        id: appointments.id,
        memberId: appointments.memberId,
        mxDoctorId: appointments.mxDoctorId,
        usDoctorId: appointments.usDoctorId,
        state: appointments.state,
        type: appointments.type,
        channel: appointments.channel,
        previousChannel: appointments.previousChannel,
        startDate: appointments.startDate,
      })
      .from(appointments)
      .where(eq(appointments.id, id))
      .limit(1);
    return row;
  }

  /** The channel switch: compare-and-set on the channel the caller saw, so two switches cannot interleave. */
  async switchChannel(id: string, from: Channel, to: Channel, now: Date, userId: string): Promise<CallAppointment | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(appointments)
        .set({ channel: to, previousChannel: from, updatedAt: now })
        .where(and(eq(appointments.id, id), eq(appointments.channel, from)))
        .returning({
          id: appointments.id,
          memberId: appointments.memberId,
          mxDoctorId: appointments.mxDoctorId,
          usDoctorId: appointments.usDoctorId,
          state: appointments.state,
          type: appointments.type,
          channel: appointments.channel,
          previousChannel: appointments.previousChannel,
          startDate: appointments.startDate,
        });
      if (row) await tx.insert(callEvents).values({ appointmentId: id, userId, kind: 'channel-switch', detail: `${from}->${to}`, at: now });
      return row;
    });
  }

  async recordRejoin(appointmentId: string, userId: string, now: Date): Promise<number> {
    await this.db.insert(callEvents).values({ appointmentId, userId, kind: 'rejoined', at: now });
    const [row] = await this.db
      .select({ n: count() })
      .from(callEvents)
      .where(and(eq(callEvents.appointmentId, appointmentId), eq(callEvents.kind, 'rejoined')));
    return Number(row?.n ?? 0);
  }
}
