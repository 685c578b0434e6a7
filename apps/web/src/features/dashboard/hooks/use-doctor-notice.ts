import { doctorNotice, type AppointmentState, type DoctorModal, type UserType } from '@puente/domain';
import { useCallback, useEffect, useState } from 'react';
import { showToast } from '@/lib/toast';

// Each notice shows once per appointment and state, also across the dashboard's screens.
const shown = new Set<string>();
export const resetDoctorNoticesForTests = (): void => shown.clear();

/**
 * spec 000 §4 / 001 §6 "Doctor-side": when the consultation the physician looks at reaches a
 * state, domain doctorNotice says which modal (or the searching-for-a-US-doctor toast) to show.
 * `announce` covers a state the server passes straight through (the coach's request for a US
 * doctor moves on to the doctors' queue at once, so the screen may never load it).
 */
export const useDoctorNotice = (
  userType: UserType | undefined,
  appointmentId: string | undefined,
  state: AppointmentState | undefined,
): { modal: DoctorModal | null; close: () => void; announce: (reached: AppointmentState) => void } => {
  const [modal, setModal] = useState<DoctorModal | null>(null);
  const announce = useCallback(
    (reached: AppointmentState) => {
      if (!userType || !appointmentId) return;
      const key = `${appointmentId}:${reached}`;
      if (shown.has(key)) return;
      const notice = doctorNotice(userType, reached);
      if (!notice) return;
      shown.add(key);
      if (notice.kind === 'modal') setModal(notice.modal);
      // The toast's Spanish text is the domain constant (COACH_SEARCHING_US_DOCTOR_TOAST); i18n holds both languages.
      else showToast({ variant: 'info', message: 'dashboard_toast_searching_us_doctor' });
    },
    [userType, appointmentId],
  );
  useEffect(() => {
    if (state) announce(state);
  }, [state, announce]);
  return { modal, close: () => setModal(null), announce };
};
