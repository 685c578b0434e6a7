import { createHmac, timingSafeEqual } from 'node:crypto';
import { buildPath, CALENDAR, formatSlot, organizationOffers, scheduledDayBucket, TIMERS } from '@puente/domain';
import type { ScheduledAppointmentRow, UserRow } from '../../db/schema';
import { invitation } from './scheduling.ics';
import { schedulingText } from './scheduling.messages';
import { assertAdmin, type Actor } from './scheduling.policy';
import type { SchedulingQueries } from './scheduling.queries';
import type { SchedulingServiceDeps } from './scheduling.service';

export const REMINDER_JOB = 'scheduling-notify';
type NotifyKind = 'confirm' | 'reschedule' | 'cancel' | 'join' | 'coach-booked' | 'coach-reminder';

/**
 * What a booking sends and when (issue 13): the texts, emails (with the .ics invitation) and
 * spoken reminders, queued on the durable queue and sent once each; and the texted cancel link,
 * signed so it works without a session.
 */
export class SchedulingNotices {
  constructor(
    private readonly deps: SchedulingServiceDeps,
    private readonly queries: Pick<SchedulingQueries, 'contact'>,
  ) {
    deps.queue.work(REMINDER_JOB, (payload) => this.notify(payload as { id: string; kind: NotifyKind; sequence: number }));
  }

  // -------------------------------------------------------------------------------------------
  // The cancel link

  cancelToken(id: string): string {
    return createHmac('sha256', this.deps.secret).update(`scheduled-cancel:${id}`).digest('base64url').slice(0, 32);
  }

  verifyCancelToken(id: string, token: string): boolean {
    const expected = Buffer.from(this.cancelToken(id));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The texted cancel link (/cancel-confirmation-link with lang, coachName, socioName, startDate, appointmentId, token, todayOrTomorrow). */
  cancelUrl(row: ScheduledAppointmentRow, member: Pick<UserRow, 'firstName'>, coach: Pick<UserRow, 'firstName' | 'lastName'>): string {
    const url = new URL(buildPath('cancelConfirmationLink'), this.deps.publicUrl);
    const bucket = scheduledDayBucket(row.startDate, this.deps.clock.now(), row.timezone);
    url.search = new URLSearchParams({
      lang: row.language,
      coachName: [coach.firstName, coach.lastName].filter(Boolean).join(' '),
      socioName: member.firstName ?? '',
      startDate: row.startDate.toISOString(),
      appointmentId: row.id,
      token: this.cancelToken(row.id),
      todayOrTomorrow: bucket === 'more-than-tomorrow' ? '' : bucket,
    }).toString();
    return url.toString();
  }

  // -------------------------------------------------------------------------------------------
  // Queueing

  /** A booking made or moved: its confirmation and the coach's notice now, the join text and the coach's reminder before the start. */
  async enqueueNotices(row: ScheduledAppointmentRow, first: 'confirm' | 'reschedule'): Promise<void> {
    const q = this.deps.queue;
    const now = this.deps.clock.now();
    const key = `sched:${row.id}:${row.sequence}`;
    const before = new Date(row.startDate.getTime() - TIMERS.joinLinkTextedBeforeMs);
    await q.enqueue(REMINDER_JOB, { id: row.id, kind: first, sequence: row.sequence }, { runAt: now, singletonKey: `${key}:${first}` });
    await q.enqueue(REMINDER_JOB, { id: row.id, kind: 'coach-booked', sequence: row.sequence }, { runAt: now, singletonKey: `${key}:coach-booked` });
    await q.enqueue(REMINDER_JOB, { id: row.id, kind: 'join', sequence: row.sequence }, { runAt: before, singletonKey: `${key}:join` });
    await q.enqueue(REMINDER_JOB, { id: row.id, kind: 'coach-reminder', sequence: row.sequence }, { runAt: before, singletonKey: `${key}:coach-reminder` });
  }

  /** Drops the notices still queued for a booking (it moved or was cancelled). */
  async withdrawNotices(id: string): Promise<void> {
    await this.deps.queue.cancelByPrefix(`sched:${id}:`);
  }

  /** The cancelled booking's notice to the member, now (once per booking). */
  async enqueueCancelNotice(row: ScheduledAppointmentRow, now: Date): Promise<void> {
    await this.deps.queue.enqueue(REMINDER_JOB, { id: row.id, kind: 'cancel', sequence: row.sequence }, { runAt: now, singletonKey: `cancel:${row.id}` });
  }

  /** Starts / stops the queue's own workers (pg-boss); the table queue runs on the job tick. */
  async start(): Promise<void> {
    await this.deps.queue.start?.();
  }

  async stop(): Promise<void> {
    await this.deps.queue.stop?.();
  }

  /** Runs the due reminders (the periodic job; tests call it after moving the clock). */
  runDue(): Promise<number> {
    return this.deps.queue.runDue();
  }

  /** The dead-letter list (admins only; anyone else NOT_FOUND, as every admin call). */
  async deadLetters(actor: Actor) {
    assertAdmin(actor);
    await this.deps.audit.record({ actor, action: 'read', resource: 'job-queue-dead-letters' });
    return this.deps.queue.deadLetters();
  }

  // -------------------------------------------------------------------------------------------
  // Sending

  /** The queued job: sends one notice, unless the booking moved or was cancelled meanwhile. */
  private async notify(job: { id: string; kind: NotifyKind; sequence: number }): Promise<void> {
    const row = await this.deps.repository.byId(job.id);
    if (!row) return;
    if (job.kind !== 'cancel' && (row.state !== 'scheduled' || row.sequence !== job.sequence)) return;
    const [member, coach] = await Promise.all([this.queries.contact(row.memberId), this.queries.contact(row.physicianId)]);
    if (!member || !coach) return;
    const lang = row.language;
    const coachName = [coach.firstName, coach.lastName].filter(Boolean).join(' ');
    const vars = {
      coach: coachName,
      member: member.firstName ?? '',
      when: formatSlot(row.startDate, row.timezone, lang, { withZone: true }),
      cancelUrl: this.cancelUrl(row, member, coach),
      joinUrl: new URL(`${buildPath('home')}?scheduledAppointmentId=${row.id}`, this.deps.publicUrl).toString(),
    };
    const coachVars = { ...vars, when: formatSlot(row.startDate, coach.timeZone ?? CALENDAR.fallbackTimeZone, coach.preferredLang, { withZone: true }) };
    const ics = (method: 'REQUEST' | 'CANCEL') =>
      invitation({
        method,
        uid: `${row.id}@puente`,
        sequence: row.sequence,
        start: row.startDate,
        end: row.endDate,
        now: this.deps.clock.now(),
        summary: schedulingText('invitationSummary', lang, vars),
        description: schedulingText('confirmationEmail', lang, vars),
        url: vars.joinUrl,
        organizerEmail: this.deps.emailFrom,
        attendeeEmail: member.email ?? 'member@invalid',
      });
    // Each message is recorded (appointment, sequence, kind, channel) before the provider is
    // called, so a job that runs again after a retry or a worker's crash between the send and
    // marking the job done never sends it a second time; a refused send is released for the retry.
    const once = async (channel: 'sms' | 'email', send: () => Promise<void>): Promise<void> => {
      const key = `${row.id}:${job.sequence}:${job.kind}:${channel}`;
      if (!(await this.deps.repository.claimNotice(key, row.id, this.deps.clock.now()))) return;
      try {
        await send();
      } catch (err) {
        await this.deps.repository.releaseNotice(key);
        throw err;
      }
    };
    const sms = (to: string | null, body: string) => (to ? once('sms', () => this.deps.sms.send({ to, body })) : Promise.resolve());
    switch (job.kind) {
      case 'confirm':
      case 'reschedule':
        await sms(member.phoneNumber, schedulingText('confirmationSms', lang, vars));
        if (member.email) {
          const to = member.email;
          await once('email', () =>
            this.deps.email.send({
              to,
              subject: schedulingText(job.kind === 'confirm' ? 'confirmationSubject' : 'rescheduledSubject', lang, vars),
              body: schedulingText('confirmationEmail', lang, vars),
              calendar: { method: 'REQUEST', content: ics('REQUEST') },
            }),
          );
        }
        return;
      case 'cancel':
        await sms(member.phoneNumber, schedulingText('canceledSms', lang, vars));
        if (member.email) {
          const to = member.email;
          await once('email', () =>
            this.deps.email.send({ to, subject: schedulingText('canceledSubject', lang, vars), body: schedulingText('canceledEmail', lang, vars), calendar: { method: 'CANCEL', content: ics('CANCEL') } }),
          );
        }
        return;
      case 'join':
        await sms(member.phoneNumber, schedulingText('joinSms', lang, vars));
        // Issue 15: her organization's VOICE_REMINDERS also rings her with a spoken reminder.
        if (member.phoneNumber && this.deps.telephony && (await this.voiceRemindersFor(row.memberId))) {
          await this.deps.telephony.placeVoiceReminder({ to: member.phoneNumber, language: lang, message: schedulingText('joinVoice', lang, vars), reference: row.id });
        }
        return;
      case 'coach-booked':
        await sms(coach.phoneNumber, schedulingText('coachBookedSms', coach.preferredLang, coachVars));
        return;
      case 'coach-reminder':
        await sms(coach.phoneNumber, schedulingText('coachReminderSms', coach.preferredLang, coachVars));
        return;
    }
  }

  private async voiceRemindersFor(memberId: string): Promise<boolean> {
    const member = await this.deps.members.findById(memberId);
    const organization = member?.organizationId ? await this.deps.members.organizationOf(member.organizationId) : null;
    return organizationOffers(organization?.settings).voiceReminders;
  }
}
