import { calendarSchema, type CalendarDto } from '@puente/contracts';
import type { CalendarExceptionInput } from '@puente/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarKey, calendarPath, type CalendarApi } from './coach-calendar';

/** POST /api/physicians/{id}/calendar/exceptions (time off or extra hours; or the admin's). */
export const addCalendarException = ({ physicianId, input, api = 'coach' }: { physicianId: string; input: CalendarExceptionInput; api?: CalendarApi }): Promise<CalendarDto> =>
  apiRequest(`${calendarPath(api, physicianId)}/exceptions`, { method: 'POST', body: input, schema: calendarSchema });

/** DELETE /api/physicians/{id}/calendar/exceptions/{exceptionId} (or the admin's). */
export const removeCalendarException = ({ physicianId, id, api = 'coach' }: { physicianId: string; id: string; api?: CalendarApi }): Promise<CalendarDto> =>
  apiRequest(`${calendarPath(api, physicianId)}/exceptions/${encodeURIComponent(id)}`, { method: 'DELETE', schema: calendarSchema });

export const useCalendarExceptions = () => {
  const client = useQueryClient();
  const onSuccess = (data: CalendarDto) => client.setQueryData(calendarKey(data.physicianId), data);
  return { add: useMutation({ mutationFn: addCalendarException, onSuccess }), remove: useMutation({ mutationFn: removeCalendarException, onSuccess }) };
};
