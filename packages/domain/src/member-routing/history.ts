/** History (spec 4 "History card", spec 2 /consulta/historial): the card, the detail's tabs and extras, grouping by year and month. */
import { APPOINTMENT_STATE as S, type AppointmentState } from '../appointment-machine';
import type { ScheduledStatus, UserType } from '../enums';

export interface HistoryCardView {
  disabled: boolean;
  expired: boolean;
  /** Notes are replaced by an expired message after expiry. */
  notesHidden: boolean;
  showPrescriptionIcon: boolean;
}

const DISABLED_WHEN_FINISHED: readonly AppointmentState[] = [S.US_DR_PENDING, S.S9_ER_ENDS_CALL, S.TREAT_PENDING, S.PENDING_NOTES, S.S12_CANCELED];
const DISABLED_WHEN_SCHEDULED: readonly AppointmentState[] = [S.SCHEDULED_CANCELED, S.S12_CANCELED];

export const historyCardView = (a: { status: ScheduledStatus; state: AppointmentState; prescriptionNeeded?: boolean | null }): HistoryCardView => {
  const disabled =
    a.status === 'in-progress' ||
    (a.status === 'finished' && DISABLED_WHEN_FINISHED.includes(a.state)) ||
    (a.status === 'scheduled' && DISABLED_WHEN_SCHEDULED.includes(a.state));
  const expired = a.state === S.EXPIRED;
  return {
    disabled,
    expired,
    notesHidden: expired,
    showPrescriptionIcon: !!a.prescriptionNeeded && a.status === 'finished' && a.state === S.TREAT_COMPLETED,
  };
};

/** spec 2: history detail tabs: Summary; Treatment only with prescriptions; Pharmacy only with pharmacy data. */
export const historyDetailTabs = (a: { prescriptions?: readonly unknown[] | null; pharmacy?: unknown }): ('summary' | 'treatment' | 'pharmacy')[] => [
  'summary',
  ...((a.prescriptions?.length ?? 0) > 0 ? (['treatment'] as const) : []),
  ...(a.pharmacy ? (['pharmacy'] as const) : []),
];

/** spec 2: the chat button only if the chat had messages; doctor card and buttons only for coach consultations without a parent. */
export const historyDetailExtras = (a: {
  chatHasMessages?: boolean | null;
  doctorUserType?: UserType | null;
  parentAppointmentId?: string | null;
}): { showChatButton: boolean; showDoctorCard: boolean } => ({
  showChatButton: !!a.chatHasMessages,
  showDoctorCard: a.doctorUserType === 'mx-physician' && !a.parentAppointmentId,
});

/** spec 2: history grouped by year then month, newest first (months 0-11 in the given time zone). */
export const groupHistory = <T extends { startDate: string }>(
  items: readonly T[],
  timeZone: string,
): { year: number; months: { month: number; items: T[] }[] }[] => {
  const sorted = [...items].sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate));
  const parts = (iso: string): { year: number; month: number } => {
    const f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(new Date(iso));
    const get = (t: string): number => Number(f.find((p) => p.type === t)?.value);
    return { year: get('year'), month: get('month') - 1 };
  };
  const years: { year: number; months: { month: number; items: T[] }[] }[] = [];
  for (const item of sorted) {
    const { year, month } = parts(item.startDate);
    let y = years.find((g) => g.year === year);
    if (!y) years.push((y = { year, months: [] }));
    let m = y.months.find((g) => g.month === month);
    if (!m) y.months.push((m = { month, items: [] }));
    m.items.push(item);
  }
  return years;
};
