import { calendarSchema, type CalendarDto, type PutCalendarInput } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarKey, calendarPath, type CalendarApi } from './coach-calendar';

/** PUT /api/physicians/{id}/calendar (or the admin's). */
export const saveCoachCalendar = ({ physicianId, input, api = 'coach' }: { physicianId: string; input: PutCalendarInput; api?: CalendarApi }): Promise<CalendarDto> =>
  apiRequest(calendarPath(api, physicianId), { method: 'PUT', body: input, schema: calendarSchema });

export const useSaveCoachCalendar = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveCoachCalendar, onSuccess: (data) => client.setQueryData(calendarKey(data.physicianId), data) });
};
