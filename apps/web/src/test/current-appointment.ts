import { appointmentSchema, type AppointmentDto } from '@puente/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { cacheAppointment, clearCurrentAppointment, getCurrentAppointmentId, noteRoutedState, readCachedAppointment, setCurrentAppointmentId } from '@/features/appointments';
import { appointment } from './consultation-fixtures';

/**
 * What a page already knew of the member's appointment before the story starts (its creation or
 * an earlier alert): the stored id, and the record in the query cache of the next renderApp.
 */
let known: AppointmentDto | null = null;
let lastClient: QueryClient | null = null;

export const setCurrentAppointment = (overrides: Record<string, unknown> & { id: string }): void => {
  known = appointmentSchema.parse(appointment(overrides));
  setCurrentAppointmentId(overrides.id);
  noteRoutedState(known.id, known.state);
  // After a render, a new state is what an alert would have patched into the cache.
  if (lastClient) {
    const before = readCachedAppointment(lastClient, overrides.id);
    cacheAppointment(lastClient, before ? appointmentSchema.parse({ ...before, ...overrides }) : known);
  }
};

export const resetCurrentAppointment = (): void => {
  known = null;
  lastClient = null;
  clearCurrentAppointment();
};

/** Called by renderApp with its fresh query client. */
export const seedKnownAppointment = (queryClient: QueryClient): void => {
  lastClient = queryClient;
  if (known && getCurrentAppointmentId() === known.id) cacheAppointment(queryClient, known);
};

/** The current appointment as the app sees it now: the stored id and its cached record. */
export const getCurrentAppointment = (): AppointmentDto | null => {
  const id = getCurrentAppointmentId();
  return id && lastClient ? (readCachedAppointment(lastClient, id) ?? null) : null;
};
