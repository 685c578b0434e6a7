import { doctorNotice, type AppointmentState, type DoctorModal, type UserType } from '@puente/domain';
import { useCallback, useEffect } from 'react';
import { createStore, useStore } from '@/lib/external-store';
import { showToast } from '@/lib/toast';

// Each notice shows once per appointment and state, across the dashboard's screens. The open
// modal lives in a small UI store so that a notice raised on the list still shows after the
// physician opens the consultation (and the other way round).
const shown = new Set<string>();
const modalStore = createStore<DoctorModal | null>(null);
export const resetDoctorNoticesForTests = (): void => {
  shown.clear();
  modalStore.set(null);
};

/**
 * spec 000 §4 / 001 §6 "Doctor-side": when the consultation the physician looks at reaches a
 * state, domain doctorNotice says which modal (or the searching-for-a-US-doctor toast) to show.
 * `announce` covers a state the server passes straight through (the coach's request for a US
 * doctor moves on to the doctors' queue at once, a US doctor's accept, ER_ACCEPTS_CONSULTATION,
 * moves on to S7), so the screen may never load it; an alert names its own appointment.
 */
export const useDoctorNotice = (
  userType: UserType | undefined,
  appointmentId: string | undefined,
  state: AppointmentState | undefined,
): { modal: DoctorModal | null; close: () => void; announce: (reached: AppointmentState, forAppointmentId?: string) => void } => {
  const modal = useStore(modalStore);
  const announce = useCallback(
    (reached: AppointmentState, forAppointmentId?: string) => {
      const id = forAppointmentId ?? appointmentId;
      if (!userType || !id) return;
      const key = `${id}:${reached}`;
      if (shown.has(key)) return;
      const notice = doctorNotice(userType, reached);
      if (!notice) return;
      shown.add(key);
      if (notice.kind === 'modal') modalStore.set(notice.modal);
      // The toast's Spanish text is the domain constant (COACH_SEARCHING_US_DOCTOR_TOAST); i18n holds both languages.
      else showToast({ variant: 'info', message: 'dashboard_toast_searching_us_doctor' });
    },
    [userType, appointmentId],
  );
  useEffect(() => {
    if (state) announce(state);
  }, [state, announce]);
  return { modal, close: () => modalStore.set(null), announce };
};
