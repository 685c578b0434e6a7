import { lazy } from 'react';
import { useStore } from '@/lib/external-store';
import { toastStore } from '@/lib/toast';
import { OnceNeeded } from './once-needed';

const ToastHost = lazy(() => import('./toast-host').then((module) => ({ default: module.ToastHost })));

/**
 * The toasts' place in the shell. Their snackbar and alert (MUI's Snackbar, Alert, their transition
 * and click-away listener) come with the first toast shown, not with the first script (issue 10,
 * first load); the toast waits in the store meanwhile.
 */
export function ToastSlot() {
  const shown = useStore(toastStore) !== null;
  return (
    <OnceNeeded when={shown}>
      <ToastHost />
    </OnceNeeded>
  );
}
