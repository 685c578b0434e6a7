import { calendarSchema, type CalendarDto, type PutCalendarInput } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Whose calls edit the calendar: the coach's own (/api/physicians) or the admin's (/api/admin/physicians, audited). */
export type CalendarApi = 'coach' | 'admin';

export const calendarKey = (physicianId: string) => ['coach-calendar', physicianId] as const;

/** The calendar's address for the coach herself or for an admin. */
export const calendarPath = (api: CalendarApi, physicianId: string): string => `${api === 'admin' ? '/api/admin/physicians' : '/api/physicians'}/${encodeURIComponent(physicianId)}/calendar`;

/** GET /api/physicians/{id}/calendar (or the admin's): weekly hours, weekdays, time zone, exceptions (issue 13). */
export const getCoachCalendar = (physicianId: string, api: CalendarApi = 'coach'): Promise<CalendarDto> => apiRequest(calendarPath(api, physicianId), { schema: calendarSchema });

export const useCoachCalendar = (physicianId: string | undefined, api: CalendarApi = 'coach') =>
  useQuery({ queryKey: calendarKey(physicianId ?? ''), queryFn: () => getCoachCalendar(physicianId!, api), enabled: Boolean(physicianId) });

export type { PutCalendarInput };
