import { REALTIME_EVENTS } from '@puente/contracts';
import { useEffect } from 'react';
import { createStore, useStore } from '@/lib/external-store';
import { socketStore } from '@/lib/socket';

export interface PaymentRequest {
  appointmentId: string;
  paymentId: string;
  priceType: 'usp' | 'coach';
}

/** The payment the member is asked for right now (null: none). */
export const paymentRequestStore = createStore<PaymentRequest | null>(null);

export interface PaymentStatusUpdate {
  paymentId: string;
  status: 'succeeded' | 'failed' | 'pending';
}

/** The last payment-status-update the server sent (a paid visit settled, in this tab or another). */
export const paymentStatusStore = createStore<PaymentStatusUpdate | null>(null);

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

/**
 * Mounted once by the shell: the server's payment-requested event (a USP_REQUIRES_PAYMENT
 * organization's member whose coach asked for a US doctor) opens the visit payment dialog. The
 * retry rule runs first: succeeded statuses that failed to save are sent again. The server's
 * payment-status-update (the payment settled, here or in another tab or device) closes a dialog
 * still asking for that payment and moves /payment-loading on.
 */
export const usePaymentRequests = (): void => {
  const socket = useStore(socketStore);
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
