import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarExceptions, physicianCalendars, scheduledAppointments, schedulingNoticeSends, type CalendarExceptionRow, type ScheduledAppointmentRow } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Queries only (issue 13): calendars, exceptions, scheduled appointments. */
export class SchedulingRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async calendar(userId: string, db: DbOrTx = this.db): Promise<{ timeZone: string; weekdays: number[] } | undefined> {
    const [row] = await db.select().from(physicianCalendars).where(eq(physicianCalendars.userId, userId));
    return row ? { timeZone: row.timeZone, weekdays: row.weekdays } : undefined;
  }

  /** Serialises bookings of one coach: the calendar row is locked until the transaction ends. */
  async lockCalendar(tx: Tx, userId: string, now: Date): Promise<void> {
    await tx.insert(physicianCalendars).values({ userId, timeZone: 'America/Mexico_City', updatedAt: now }).onConflictDoNothing();
    await tx.select({ id: physicianCalendars.userId }).from(physicianCalendars).where(eq(physicianCalendars.userId, userId)).for('update');
  }

  /** The coach's zone and weekdays (her weekly hours are the physicians module's, written in the same transaction). */
  async saveCalendar(userId: string, input: { timeZone: string; weekdays: number[] }, now: Date, db: DbOrTx = this.db): Promise<void> {
    await db
      .insert(physicianCalendars)
      .values({ userId, timeZone: input.timeZone, weekdays: input.weekdays, updatedAt: now })
      .onConflictDoUpdate({ target: physicianCalendars.userId, set: { timeZone: input.timeZone, weekdays: input.weekdays, updatedAt: now } });
  }

  exceptions(userId: string, after: Date, db: DbOrTx = this.db): Promise<CalendarExceptionRow[]> {
    return db.select().from(calendarExceptions).where(and(eq(calendarExceptions.userId, userId), gt(calendarExceptions.endsAt, after))).orderBy(asc(calendarExceptions.startsAt));
  }

  async addException(values: typeof calendarExceptions.$inferInsert): Promise<CalendarExceptionRow> {
    const [row] = await this.db.insert(calendarExceptions).values(values).returning();
    return row!;
  }

  async removeException(userId: string, id: string): Promise<boolean> {
    const rows = await this.db.delete(calendarExceptions).where(and(eq(calendarExceptions.userId, userId), eq(calendarExceptions.id, id))).returning({ id: calendarExceptions.id });
    return rows.length > 0;
  }

  /** Live bookings of a coach ending after `after`. */
  bookings(physicianId: string, after: Date, db: DbOrTx = this.db): Promise<Pick<ScheduledAppointmentRow, 'id' | 'startDate' | 'endDate'>[]> {
    return db
      .select({ id: scheduledAppointments.id, startDate: scheduledAppointments.startDate, endDate: scheduledAppointments.endDate })
      .from(scheduledAppointments)
      .where(and(eq(scheduledAppointments.physicianId, physicianId), eq(scheduledAppointments.state, 'scheduled'), gt(scheduledAppointments.endDate, after)))
      .orderBy(asc(scheduledAppointments.startDate));
  }

  async insert(tx: Tx, values: typeof scheduledAppointments.$inferInsert): Promise<ScheduledAppointmentRow> {
    const [row] = await tx.insert(scheduledAppointments).values(values).returning();
    return row!;
  }

  async byId(id: string, db: DbOrTx = this.db): Promise<ScheduledAppointmentRow | undefined> {
    const [row] = await db.select().from(scheduledAppointments).where(eq(scheduledAppointments.id, id));
    return row;
  }

  async update(id: string, values: Partial<typeof scheduledAppointments.$inferInsert>, db: DbOrTx = this.db): Promise<ScheduledAppointmentRow> {
    const [row] = await db.update(scheduledAppointments).set(values).where(eq(scheduledAppointments.id, id)).returning();
    return row!;
  }

  async finishByAppointment(appointmentId: string, now: Date): Promise<void> {
    await this.db.update(scheduledAppointments).set({ status: 'finished', updatedAt: now }).where(eq(scheduledAppointments.appointmentId, appointmentId));
  }

  /** A member's scheduled appointments that have not ended (newest last). */
  upcomingForMember(memberId: string, now: Date): Promise<ScheduledAppointmentRow[]> {
    return this.db
      .select()
      .from(scheduledAppointments)
      .where(and(eq(scheduledAppointments.memberId, memberId), eq(scheduledAppointments.state, 'scheduled'), sql`${scheduledAppointments.status} <> 'finished'`, gte(scheduledAppointments.endDate, now)))
      .orderBy(asc(scheduledAppointments.startDate));
  }

  /** Every member's live scheduled appointments starting before `until` and not ended at `now`. */
  liveStartingBefore(now: Date, until: Date): Promise<{ memberId: string; startDate: Date; endDate: Date }[]> {
    return this.db
      .select({ memberId: scheduledAppointments.memberId, startDate: scheduledAppointments.startDate, endDate: scheduledAppointments.endDate })
      .from(scheduledAppointments)
      .where(and(eq(scheduledAppointments.state, 'scheduled'), sql`${scheduledAppointments.status} <> 'finished'`, lt(scheduledAppointments.startDate, until), gt(scheduledAppointments.endDate, now)));
  }

  /** A coach's bookings in [from, to). */
  forPhysician(physicianId: string, from: Date, to: Date): Promise<ScheduledAppointmentRow[]> {
    return this.db
      .select()
      .from(scheduledAppointments)
      .where(and(eq(scheduledAppointments.physicianId, physicianId), eq(scheduledAppointments.state, 'scheduled'), gte(scheduledAppointments.startDate, from), lt(scheduledAppointments.startDate, to)))
      .orderBy(asc(scheduledAppointments.startDate));
  }

  /** Records a notice as sent before it goes out: false when it already was (never send twice). */
  async claimNotice(key: string, scheduledAppointmentId: string, now: Date): Promise<boolean> {
    const rows = await this.db.insert(schedulingNoticeSends).values({ key, scheduledAppointmentId, sentAt: now }).onConflictDoNothing().returning({ key: schedulingNoticeSends.key });
    return rows.length > 0;
  }

  /** The provider refused the notice: the job's retry may send it. */
  async releaseNotice(key: string): Promise<void> {
    await this.db.delete(schedulingNoticeSends).where(eq(schedulingNoticeSends.key, key));
  }
}
