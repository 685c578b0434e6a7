import { mustAcceptTerms } from '@puente/domain';
import { lazy } from 'react';
import { OnceNeeded } from '@/components/ui/once-needed';
import { useStore } from '@/lib/external-store';
import { useReleaseCheck } from '@/features/configs';
import { paymentRequestStore } from '@/features/membership';
import { useMember } from '@/features/profile';
import { withRestOfMessages } from '@/lib/i18n';
import { useSessionToken } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { connectionErrorStore, hideConnectionError, infoModalStore } from '@/lib/ui-store';

// Issue 10 (first load): the shell's dialogs are chunks of their own, fetched the first time one can
// open (the service worker has them precached by then), so /login does not download them up front.
const InfoModal = lazy(() => import('@/components/ui/info-modal').then((m) => ({ default: m.InfoModal })));
// The terms and the update dialogs' messages are not in the entry files (locales/entry-files.ts):
// each comes with the rest of the language's (as a screen outside the entry screens does).
const TermsDialog = lazy(() => withRestOfMessages(import('@/features/onboarding/components/terms-dialog')).then((m) => ({ default: m.TermsDialog })));
const ConnectionErrorDialog = lazy(() => import('@/components/ui/connection-error-dialog').then((m) => ({ default: m.ConnectionErrorDialog })));
const VisitPaymentDialog = lazy(() => import('@/features/membership/components/visit-payment-dialog').then((m) => ({ default: m.VisitPaymentDialog })));
// Loaded when first shown (a deep path on purpose: through the index it would join the first load).
const UpdateDialog = lazy(() => withRestOfMessages(import('@/features/configs/components/update-dialog')).then((m) => ({ default: m.UpdateDialog })));

const showNetworkErrorToast = () => {
  hideConnectionError();
  showToast({ variant: 'error', message: 'error_network' });
};

/** The dialogs every screen can show: info modal, terms (signed in), connection error, update needed. */
export function ShellDialogs() {
  const token = useSessionToken();
  const member = useMember();
  const infoModal = useStore(infoModalStore);
  const connectionError = useStore(connectionErrorStore);
  const release = useReleaseCheck();
  const paymentRequest = useStore(paymentRequestStore);
  return (
    <>
      <OnceNeeded when={paymentRequest !== null}>
        <VisitPaymentDialog />
      </OnceNeeded>
      <OnceNeeded when={infoModal !== null}>
        <InfoModal />
      </OnceNeeded>
      {/* Only for a member with terms to accept: the others (nearly every load) never fetch or render it. */}
      <OnceNeeded when={token !== null && mustAcceptTerms(member.data)}>
        <TermsDialog />
      </OnceNeeded>
      {/* Needed when the network is gone, when its code may not load (a first visit): then a toast says it. */}
      <OnceNeeded when={connectionError !== null} onLoadFailed={showNetworkErrorToast}>
        <ConnectionErrorDialog />
      </OnceNeeded>
      <OnceNeeded when={release.data?.status === 'update-required'}>
        <UpdateDialog />
      </OnceNeeded>
    </>
  );
}
