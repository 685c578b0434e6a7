import { createStore } from '@/lib/external-store';

// Issue 10 (first load): the stores alone, so the shell's dialogs follow a payment request without
// the hook that fills them (hooks/use-payment-requests.ts, part of the signed-in shell's chunk).

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
