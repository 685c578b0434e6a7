import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callEvents, type AppointmentRow } from '../../db/schema';

export type CallAppointment = Pick<AppointmentRow, 'id' | 'memberId' | 'mxDoctorId' | 'usDoctorId' | 'state' | 'type' | 'channel' | 'previousChannel' | 'startDate'>;

/** Queries only (issue 5), on the call's own tables; appointments are read and switched through the appointments service. */
export class CallRepository {
  constructor(private readonly db: Db) {}

  async recordEvent(values: typeof callEvents.$inferInsert): Promise<void> {
    await this.db.insert(callEvents).values(values);
  }

  async recordRejoin(appointmentId: string, userId: string, now: Date): Promise<number> {
    await this.db.insert(callEvents).values({ appointmentId, userId, kind: 'rejoined', at: now });
    const [row] = await this.db
      .select({ n: count() })
      .from(callEvents)
      .where(and(eq(callEvents.appointmentId, appointmentId), eq(callEvents.kind, 'rejoined')));
    return Number(row?.n ?? 0);
  }

  /** Whether the member is in the call: more joins than leaves (each socket's join is matched by its leave or disconnect). */
  async memberInCall(appointmentId: string): Promise<boolean> {
    const rows = await this.db
      .select({ kind: callEvents.kind, n: count() })
      .from(callEvents)
      .where(and(eq(callEvents.appointmentId, appointmentId), inArray(callEvents.kind, ['member-joined', 'member-left'])))
      .groupBy(callEvents.kind);
    const n = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
    return n('member-joined') > n('member-left');
  }
}
