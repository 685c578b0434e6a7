
/** An appointment-alert in the contract's shape (apt_1 of mem_1, no doctors, on demand). */
export const appointmentAlert = (state: string, extra: Record<string, unknown> = {}) => ({
  appointmentId: 'apt_1',
  state,
  statusReason: null,
  previousState: null,
  type: 'on-demand',
  memberId: 'mem_1',
  mxDoctorId: null,
  usDoctorId: null,
  usDoctorNeeded: false,
  at: new Date().toISOString(),
  ...extra,
});
