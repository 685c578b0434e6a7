/** Scheduled appointment card timing (spec 4) and the scheduling flow's routes. */
import { tz } from '@date-fns/tz';
import { differenceInCalendarDays } from 'date-fns';
import { assertNever } from '../appointment-machine';
import { TIMERS } from '../constants';
import type { ScheduledTimeBucket } from '../enums';
import { HOME, nav, type NavigateTo } from './navigate';

/** more-than-five | in-five-minutes | started, by the 5-minute threshold (spec 9). */
export const scheduledStartBucket = (
  startDate: Date | string,
  now: Date,
): Extract<ScheduledTimeBucket, 'more-than-five' | 'in-five-minutes' | 'started'> => {
  const diff = new Date(startDate).getTime() - now.getTime();
  if (diff <= 0) return 'started';
  return diff <= TIMERS.enterConsultationThresholdMs ? 'in-five-minutes' : 'more-than-five';
};

/** today | tomorrow | more-than-tomorrow, by calendar day in the member's time zone. */
export const scheduledDayBucket = (
  startDate: Date | string,
  now: Date,
  timeZone: string,
): Extract<ScheduledTimeBucket, 'today' | 'tomorrow' | 'more-than-tomorrow'> => {
  const days = differenceInCalendarDays(new Date(startDate), now, { in: tz(timeZone) });
  if (days <= 0) return 'today';
  return days === 1 ? 'tomorrow' : 'more-than-tomorrow';
};

/** spec 4: more than 5 minutes before: cancel-request button; 5 minutes or less, or started: enter. */
export const scheduledCardAction = (bucket: ScheduledTimeBucket): 'cancel-request' | 'enter-consultation' => {
  switch (bucket) {
    case 'in-five-minutes':
    case 'started':
      return 'enter-consultation';
    case 'more-than-five':
    case 'today':
    case 'tomorrow':
    case 'more-than-tomorrow':
      return 'cancel-request';
    default:
      return assertNever(bucket);
  }
};

/** spec 4: looking for coaches with a scheduled appointment already: go home with hasScheduledAppointment. */
export const lookForCoachesRoute = (hasScheduledAppointment: boolean): NavigateTo | null =>
  hasScheduledAppointment ? nav(HOME, { hasScheduledAppointment: true }) : null;

/** spec 4/8: scheduling errors: already cancelled/finished/in progress -> in-progress page; else slot taken. */
export const schedulingErrorRoute = (code: string | null | undefined): NavigateTo => {
  const inProgress = ['APPOINTMENT_ALREADY_CANCELED', 'APPOINTMENT_ALREADY_FINISHED', 'APPOINTMENT_ALREADY_IN_PROGRESS', 'AppointmentAlreadyCanceled', 'AppointmentAlreadyFinished', 'AppointmentAlreadyInProgress'];
  return code && inProgress.includes(code) ? nav('/agenda/consulta-en-progreso') : nav('/agenda/espacio-ocupado');
};

/** spec 4: us-physician coaches get no calendar; cancel or reschedule goes through a support chat message. */
export const scheduleChangeChannel = (physicianType: 'mx-physician' | 'us-physician'): 'in-app' | 'support-chat' =>
  physicianType === 'us-physician' ? 'support-chat' : 'in-app';
