import { calendarSchema, type CalendarDto, type PutCalendarInput } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarKey } from './coach-calendar';

/** PUT /api/physicians/{id}/calendar. */
export const saveCoachCalendar = ({ physicianId, input }: { physicianId: string; input: PutCalendarInput }): Promise<CalendarDto> =>
  apiRequest(`/api/physicians/${encodeURIComponent(physicianId)}/calendar`, { method: 'PUT', body: input, schema: calendarSchema });

export const useSaveCoachCalendar = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveCoachCalendar, onSuccess: (data) => client.setQueryData(calendarKey(data.physicianId), data) });
};
