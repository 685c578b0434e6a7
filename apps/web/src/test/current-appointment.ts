import { appointmentSchema, type AppointmentDto } from '@puente/contracts';
import type { QueryClient } from '@tanstack/react-query';
import {
  cacheAppointment,
  clearCurrentAppointment,
  getCurrentAppointmentId,
  noteRoutedState,
  readCachedAppointment,
  reloadCurrentAppointment,
  setCurrentAppointmentId,
} from '@/features/appointments';
import { closeInfoModal } from '@/lib/ui-store';
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

/**
 * A page reload (after the view is unmounted and the socket closed): what the page held in memory
 * (routing's notes, the open modal, the query cache) is gone; local storage is kept and read again.
 */
export const simulatePageReload = (): void => {
  const storage: [string, string][] = [];
  for (let i = 0; i < window.localStorage.length; i++) {
    const key = window.localStorage.key(i);
    if (key !== null) storage.push([key, window.localStorage.getItem(key) ?? '']);
  }
  known = null;
  lastClient = null;
  clearCurrentAppointment();
  closeInfoModal();
  for (const [key, value] of storage) window.localStorage.setItem(key, value);
  reloadCurrentAppointment();
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
