import { calendarSchema, type CalendarDto, type PutCalendarInput } from '@puente/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const calendarKey = (physicianId: string) => ['coach-calendar', physicianId] as const;

/** GET /api/physicians/{id}/calendar: weekly hours, weekdays, time zone, exceptions (issue 13). */
export const getCoachCalendar = (physicianId: string): Promise<CalendarDto> =>
  apiRequest(`/api/physicians/${encodeURIComponent(physicianId)}/calendar`, { schema: calendarSchema });

export const useCoachCalendar = (physicianId: string | undefined) =>
  useQuery({ queryKey: calendarKey(physicianId ?? ''), queryFn: () => getCoachCalendar(physicianId!), enabled: Boolean(physicianId) });

export type { PutCalendarInput };
