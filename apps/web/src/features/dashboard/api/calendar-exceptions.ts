import { calendarSchema, type CalendarDto } from '@puente/contracts';
import type { CalendarExceptionInput } from '@puente/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarKey } from './coach-calendar';

/** POST /api/physicians/{id}/calendar/exceptions (time off or extra hours). */
export const addCalendarException = ({ physicianId, input }: { physicianId: string; input: CalendarExceptionInput }): Promise<CalendarDto> =>
  apiRequest(`/api/physicians/${encodeURIComponent(physicianId)}/calendar/exceptions`, { method: 'POST', body: input, schema: calendarSchema });

/** DELETE /api/physicians/{id}/calendar/exceptions/{exceptionId}. */
export const removeCalendarException = ({ physicianId, id }: { physicianId: string; id: string }): Promise<CalendarDto> =>
  apiRequest(`/api/physicians/${encodeURIComponent(physicianId)}/calendar/exceptions/${encodeURIComponent(id)}`, { method: 'DELETE', schema: calendarSchema });

export const useCalendarExceptions = () => {
  const client = useQueryClient();
  const onSuccess = (data: CalendarDto) => client.setQueryData(calendarKey(data.physicianId), data);
  return { add: useMutation({ mutationFn: addCalendarException, onSuccess }), remove: useMutation({ mutationFn: removeCalendarException, onSuccess }) };
};
