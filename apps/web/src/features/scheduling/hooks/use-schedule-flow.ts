import type { Practice } from '@puente/domain';
import { useCallback, useState } from 'react';
import * as z from 'zod/mini';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** The scheduling flow in progress (spec 9 local storage key rdx-schedule-appointment). */
const flowSchema = z.object({
  practice: z.optional(z.enum(['health', 'mentalhealth'])),
  topic: z.nullish(z.object({ topicId: z.string(), topicText: z.string() })),
  /** Set when the member reschedules an existing booking (the same flow, spec 4). */
  rescheduleId: z.optional(z.string()),
  physicianId: z.optional(z.string()),
  startDate: z.optional(z.string()),
});
export type ScheduleFlow = z.infer<typeof flowSchema> & { practice?: Practice };

export const readScheduleFlow = (): ScheduleFlow => {
  try {
    const parsed = flowSchema.safeParse(JSON.parse(readStorage(STORAGE_KEYS.scheduleAppointment) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
};

export const writeScheduleFlow = (flow: ScheduleFlow): void => writeStorage(STORAGE_KEYS.scheduleAppointment, JSON.stringify(flow));
export const clearScheduleFlow = (): void => removeStorage(STORAGE_KEYS.scheduleAppointment);

export function useScheduleFlow() {
  const [flow, setFlow] = useState<ScheduleFlow>(readScheduleFlow);
  const update = useCallback((patch: Partial<ScheduleFlow>) => {
    const next = { ...readScheduleFlow(), ...patch };
    writeScheduleFlow(next);
    setFlow(next);
    return next;
  }, []);
  return { flow, update };
}
