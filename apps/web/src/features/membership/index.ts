// The membership feature's public surface for the shell (paid US-doctor visits, issue 14).
export { paymentRequestStore } from './payment-stores';
export { usePaymentRequests } from './hooks/use-payment-requests';
// A plan's name (the admin's ledger reads it too).
export { planName, planStatus } from './components/plan-name';
