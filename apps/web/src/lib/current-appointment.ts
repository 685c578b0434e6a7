import { isAppointmentState, type AppointmentState, type AppointmentType } from '@puente/domain';
import { createStore, useStore } from './external-store';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * The on-demand appointment the member is in now ("the appointment in state" of spec 000 §2
 * /consulta/video-llamada). It is UI state that names a server record, not a copy of it: the id
 * and the last state the member was routed on. It survives a reload (local storage) so the shell
 * can ask the server for the real state and route on it (issue 4: no transition is missed).
 */
export interface CurrentAppointment {
  id: string;
  state: AppointmentState;
  type: AppointmentType;
  usDoctorNeeded: boolean;
  statusReason?: string | null;
}

const read = (): CurrentAppointment | null => {
  const raw = readStorage(STORAGE_KEYS.currentAppointment);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CurrentAppointment>;
    if (typeof value.id !== 'string' || !isAppointmentState(value.state)) return null;
    return {
      id: value.id,
      state: value.state,
      type: value.type ?? 'on-demand',
      usDoctorNeeded: value.usDoctorNeeded === true,
      statusReason: value.statusReason ?? null,
    };
  } catch {
    return null;
  }
};

export const currentAppointmentStore = createStore<CurrentAppointment | null>(read());

export const getCurrentAppointment = (): CurrentAppointment | null => currentAppointmentStore.get();

export const setCurrentAppointment = (next: CurrentAppointment | null): void => {
  if (next) writeStorage(STORAGE_KEYS.currentAppointment, JSON.stringify(next));
  else removeStorage(STORAGE_KEYS.currentAppointment);
  currentAppointmentStore.set(next);
};

/** Updates the known state (and what came with it) of the current appointment, if it is `id`. */
export const updateCurrentAppointment = (id: string, patch: Partial<Omit<CurrentAppointment, 'id'>>): void => {
  const current = currentAppointmentStore.get();
  if (!current || current.id !== id) return;
  setCurrentAppointment({ ...current, ...patch });
};

export const clearCurrentAppointment = (): void => setCurrentAppointment(null);

/** Tests and logout: re-read from storage. */
export const reloadCurrentAppointment = (): void => currentAppointmentStore.set(read());

export const useCurrentAppointment = (): CurrentAppointment | null => useStore(currentAppointmentStore);
