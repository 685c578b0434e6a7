import type { AppointmentState } from '@puente/domain';
import { createStore, useStore } from '@/lib/external-store';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * The on-demand appointment the member is in now ("the appointment in state" of spec 000 §2
 * /consulta/video-llamada): only its id. The record (state, type, reasons) is the query cache's
 * (appointmentQueryOptions); the id survives a reload (local storage) so the shell can ask the
 * server for the real state and route on it (issue 4: no transition is missed).
 */
const read = (): string | null => {
  const raw = readStorage(STORAGE_KEYS.currentAppointment);
  if (!raw) return null;
  try {
    // Older builds stored a JSON copy of the record: keep its id only.
    const value = JSON.parse(raw) as unknown;
    if (typeof value === 'string' && value) return value;
    if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') return (value as { id: string }).id;
    return null;
  } catch {
    return raw;
  }
};

export const currentAppointmentStore = createStore<string | null>(read());

export const getCurrentAppointmentId = (): string | null => currentAppointmentStore.get();

export const setCurrentAppointmentId = (id: string | null): void => {
  if (id) writeStorage(STORAGE_KEYS.currentAppointment, JSON.stringify(id));
  else removeStorage(STORAGE_KEYS.currentAppointment);
  currentAppointmentStore.set(id);
};

export const clearCurrentAppointment = (): void => {
  lastRouted = null;
  setCurrentAppointmentId(null);
};

/**
 * The state routing last acted on for the current appointment (memory only, UI state: where the
 * member was sent, not a copy of the record). Other screens refresh the cached record; routing
 * compares a new state with this one, so a transition learnt by a refetch is still routed.
 */
let lastRouted: { id: string; state: AppointmentState } | null = null;
export const routedState = (id: string): AppointmentState | null => (lastRouted?.id === id ? lastRouted.state : null);
export const noteRoutedState = (id: string, state: AppointmentState): void => {
  lastRouted = { id, state };
};

/** Tests and logout: re-read from storage. */
export const reloadCurrentAppointment = (): void => currentAppointmentStore.set(read());

export const useCurrentAppointmentId = (): string | null => useStore(currentAppointmentStore);
