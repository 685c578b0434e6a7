import { act } from '@testing-library/react';
import { connectSocket } from '@/lib/socket';
import type { FakeSocket } from './fake-socket';

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

/** What the shell does in the browser once signed in: open the realtime connection (the test's fake socket). */
export const openSocket = async (sockets: FakeSocket[]): Promise<FakeSocket> => {
  await act(async () => {
    await connectSocket('st_1');
  });
  return sockets.at(-1)!;
};
