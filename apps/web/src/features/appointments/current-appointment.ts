import { APPOINTMENT_STATE as S, type AppointmentState } from '@puente/domain';
import { createStore, useStore } from '@/lib/external-store';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * The on-demand appointment the member is in now ("the appointment in state" of spec 000 §2
 * /consulta/video-llamada): only its id. The record (state, type, reasons) is the query cache's
 * (appointmentQueryOptions); the id survives a reload (local storage) so the shell can ask the
 * server for the real state and route on it (issue 4: no transition is missed).
 *
 * With the id, once routing has acted on its cancel or sent plan, that routed state (`routed`, UI
 * state: the member was told, not a copy of the record): the info pages keep the appointment (spec
 * 4), and without it a reload would replay the cancel, its screen and its modal (issue 11: once),
 * or take the member back to the summary she has seen.
 */
interface Stored {
  id: string;
  routed: AppointmentState | null;
}

/**
 * The outcomes routed once: shown when they happen (or on the next load), never replayed: a cancel
 * (its screen and modal) and a sent treatment plan (spec 4: 5 and 10 take the member to the
 * summary; after that, home's consultations tab says there is news).
 */
const ROUTED_ONCE: readonly AppointmentState[] = [S.S12_CANCELED, S.SCHEDULED_CANCELED, S.S5_COACH_SENDS_RX, S.S10_ER_SENDS_RX];
export const isRoutedOnce = (state: unknown): state is AppointmentState => ROUTED_ONCE.includes(state as AppointmentState);

const readStored = (): Stored | null => {
  const raw = readStorage(STORAGE_KEYS.currentAppointment);
  if (!raw) return null;
  try {
    // Older builds stored a JSON copy of the record: keep its id only.
    const value = JSON.parse(raw) as unknown;
    if (typeof value === 'string' && value) return { id: value, routed: null };
    if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
      const { id, routed } = value as { id: string; routed?: unknown };
      return { id, routed: isRoutedOnce(routed) ? routed : null };
    }
    return null;
  } catch {
    return { id: raw, routed: null };
  }
};

const read = (): string | null => readStored()?.id ?? null;

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
 * The state routing last acted on for the current appointment (memory, UI state: where the member
 * was sent, not a copy of the record). Other screens refresh the cached record; routing compares a
 * new state with this one, so a transition learnt by a refetch is still routed. A routed cancel is
 * also stored with the id, so the next load knows it was shown.
 */
const storedRouted = (): { id: string; state: AppointmentState } | null => {
  const stored = readStored();
  return stored?.routed ? { id: stored.id, state: stored.routed } : null;
};
let lastRouted: { id: string; state: AppointmentState } | null = storedRouted();
export const routedState = (id: string): AppointmentState | null => (lastRouted?.id === id ? lastRouted.state : null);
export const noteRoutedState = (id: string, state: AppointmentState): void => {
  lastRouted = { id, state };
  if (currentAppointmentStore.get() !== id) return;
  writeStorage(STORAGE_KEYS.currentAppointment, JSON.stringify(isRoutedOnce(state) ? { id, routed: state } : id));
};

/** Tests and logout: re-read from storage (what a new page load knows). */
export const reloadCurrentAppointment = (): void => {
  lastRouted = storedRouted();
  currentAppointmentStore.set(read());
};

export const useCurrentAppointmentId = (): string | null => useStore(currentAppointmentStore);
