import { REALTIME_EVENTS, type AppointmentDto } from '@puente/contracts';
import { isHeldForPayment, ROUTES } from '@puente/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { appointmentKeys } from '@/features/appointments';
import { useMember } from '@/features/profile';
import { useStore } from '@/lib/external-store';
import { socketStore } from '@/lib/socket';
import { paymentRequestStore, paymentStatusStore, type PaymentRequest, type PaymentStatusUpdate } from '../payment-stores';

export { paymentRequestStore, paymentStatusStore, type PaymentRequest, type PaymentStatusUpdate };

const parse = (payload: unknown): PaymentRequest | null => {
  if (!payload || typeof payload !== 'object') return null;
  const p = payload as Record<string, unknown>;
  if (typeof p.appointmentId !== 'string' || typeof p.paymentId !== 'string' || (p.priceType !== 'usp' && p.priceType !== 'coach')) return null;
  return { appointmentId: p.appointmentId, paymentId: p.paymentId, priceType: p.priceType };
};

const parseStatus = (payload: unknown): PaymentStatusUpdate | null => {
  if (!payload || typeof payload !== 'object') return null;
  const p = payload as Record<string, unknown>;
  if (typeof p.paymentId !== 'string' || (p.status !== 'succeeded' && p.status !== 'failed' && p.status !== 'pending')) return null;
  return { paymentId: p.paymentId, status: p.status };
};

/** The payment screens finish a payment already under way: no dialog opens over them. */
const PAYMENT_SCREENS: readonly string[] = [ROUTES.paymentLoading.path, ROUTES.paymentSuccess.path];

/**
 * An app that missed payment-requested (a reload, a reconnect) asks the server: when the member's
 * open consultation is held for payment and its payment is still pending, the dialog opens as the
 * event would have opened it (the retry rule first).
 */
const recoverPaymentRequest = async (appointment: AppointmentDto, stillWanted: () => boolean): Promise<void> => {
  const { getAppointmentPayment, retryUnsavedSuccesses } = await import('../api/visit-payments');
  const payment = await getAppointmentPayment(appointment.id);
  if (!payment || payment.status !== 'pending' || !stillWanted()) return;
  await retryUnsavedSuccesses();
  if (stillWanted() && paymentRequestStore.get()?.paymentId !== payment.paymentId) {
    paymentRequestStore.set({ appointmentId: payment.appointmentId, paymentId: payment.paymentId, priceType: payment.priceType });
  }
};

/**
 * Mounted once by the shell: the server's payment-requested event (a USP_REQUIRES_PAYMENT
 * organization's member whose coach asked for a US doctor) opens the visit payment dialog. The
 * retry rule runs first: succeeded statuses that failed to save are sent again. The server's
 * payment-status-update (the payment settled, here or in another tab or device) closes a dialog
 * still asking for that payment and moves /payment-loading on. Whenever the member's appointment
 * is written into the query cache in a state held for payment (the shell's recovery on every
 * (re)connect and reload, or an alert), the app asks whether its payment is still pending
 * (recoverPaymentRequest): no request of its own for the appointment, no second connect listener.
 */
export const usePaymentRequests = (): void => {
  const socket = useStore(socketStore);
  const queryClient = useQueryClient();
  const member = useMember();
  const isMember = member.data?.userType === 'member';
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  pathRef.current = pathname;
  /**
   * The consultations (id and held state) already asked about, with the connection they were asked
   * on: the shell's recovery and the home's own reading both write the same consultation into the
   * cache, and one ask answers both. A new connection (its id is new: Socket.IO gives each one its
   * own) may have missed events, and asks again.
   */
  const asked = useRef(new Set<string>());
  useEffect(() => {
    if (!isMember) return undefined;
    let mounted = true;
    let asking = false;
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || asking) return;
      const [root, kind] = event.query.queryKey as readonly unknown[];
      if (root !== appointmentKeys.all[0] || kind !== 'detail') return;
      const appointment = event.query.state.data as AppointmentDto | undefined;
      if (!appointment || !isHeldForPayment(appointment.state)) return;
      const key = `${appointment.id} ${appointment.state} ${socketStore.get()?.id ?? ''}`;
      if (asked.current.has(key)) return;
      asked.current.add(key);
      asking = true;
      recoverPaymentRequest(appointment, () => mounted && !PAYMENT_SCREENS.includes(pathRef.current))
        .catch((error: unknown) => {
          // Best effort: the next reading, payment-requested event or reconnect asks again.
          asked.current.delete(key);
          console.warn('payment request recovery failed', error);
        })
        .finally(() => {
          asking = false;
        });
    });
    return () => {
      mounted = false;
      unsubscribe();
    };
  }, [queryClient, isMember]);
  useEffect(() => {
    if (!socket) return undefined;
    const handle = (payload: unknown): void => {
      const request = parse(payload);
      if (!request) return;
      // The payment calls load when a payment is asked for (not in the first load).
      void import('../api/visit-payments')
        .then(({ retryUnsavedSuccesses }) => retryUnsavedSuccesses())
        .finally(() => paymentRequestStore.set(request));
    };
    const handleStatus = (payload: unknown): void => {
      const update = parseStatus(payload);
      if (!update) return;
      paymentStatusStore.set(update);
      if (update.status !== 'pending' && paymentRequestStore.get()?.paymentId === update.paymentId) paymentRequestStore.set(null);
    };
    socket.on(REALTIME_EVENTS.paymentRequested, handle);
    socket.on(REALTIME_EVENTS.paymentStatusUpdate, handleStatus);
    return () => {
      socket.off(REALTIME_EVENTS.paymentRequested, handle);
      socket.off(REALTIME_EVENTS.paymentStatusUpdate, handleStatus);
    };
  }, [socket]);
};
