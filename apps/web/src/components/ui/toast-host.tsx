import { TOAST } from '@puente/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar, { snackbarClasses } from '@mui/material/Snackbar';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@/lib/external-store';
import { hideToast, toastStore } from '@/lib/toast';
import { setBottomCover } from '@/lib/bottom-cover';

/** spec 9: bottom centre, at most 744 px wide from md up, variants success/warning/info/error. */
export function ToastHost() {
  const { t } = useTranslation();
  const toast = useStore(toastStore);

  // A toast about the screen beneath sat over the buttons of what opened above it on a phone (MUI's
  // snackbar is above its modals): a dialog, a sheet or a menu that opens while it shows dismisses it.
  // One shown while that is open (an answer to its own action) stays.
  const shownId = toast?.id;
  useEffect(() => {
    if (shownId === undefined) return undefined;
    const observer = new MutationObserver((records) => {
      if (records.some((record) => [...record.addedNodes].some(isModal))) hideToast(shownId);
    });
    // MUI puts each modal it opens (Dialog, Drawer, Menu, Popover) in a portal at the end of the body.
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, [shownId]);

  // A form's "complete the required fields" (about the screen only) goes at the person's next tap or
  // key outside it: they are answering it, and the fields keep their own errors. On a phone it sat
  // over the submit button for its 10 s (the survey's ratings are buttons, so no field "changed").
  const alertRef = useRef<HTMLDivElement>(null);
  const screenToastId = toast?.shownOn === undefined ? undefined : toast.id;
  useEffect(() => {
    if (screenToastId === undefined) return undefined;
    const onAction = (event: Event) => {
      if (event.target instanceof Node && alertRef.current?.contains(event.target)) return;
      hideToast(screenToastId);
    };
    document.addEventListener('pointerdown', onAction, true);
    document.addEventListener('keydown', onAction, true);
    return () => {
      document.removeEventListener('pointerdown', onAction, true);
      document.removeEventListener('keydown', onAction, true);
    };
  }, [screenToastId]);

  // While a toast shows, the focus is not scrolled under it (WCAG 2.4.11; see setBottomCover).
  useEffect(() => {
    const bar = shownId === undefined ? null : alertRef.current?.closest(`.${snackbarClasses.root}`);
    if (!bar) return undefined;
    setBottomCover('toast', window.innerHeight - bar.getBoundingClientRect().top + 8);
    return () => setBottomCover('toast', null);
  }, [shownId]);

  const handleClose = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    hideToast(toast?.id);
  };

  return (
    <Snackbar
      key={toast?.id}
      open={toast !== null}
      autoHideDuration={toast?.durationMs ?? null}
      onClose={handleClose}
      anchorOrigin={TOAST.position}
      sx={{ width: { xs: 'calc(100% - 16px)', md: '100%' }, maxWidth: { md: TOAST.maxWidthMdUp }, bottom: { xs: 88, md: 24 } }}
    >
      {toast ? (
        <Alert
          ref={alertRef}
          data-testid="toast"
          data-variant={toast.variant}
          data-duration={toast.durationMs}
          severity={toast.variant}
          variant="filled"
          onClose={handleClose}
          closeText={t('close')}
          action={
            toast.action ? (
              <Button color="inherit" size="small" href={toast.action.href} target="_blank" rel="noopener noreferrer" data-testid="toast-action">
                {t(toast.action.label)}
              </Button>
            ) : undefined
          }
          sx={{ width: '100%' }}
        >
          {toast.raw ? toast.message : t(toast.message, toast.values)}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}

/** MUI's class of a modal's root (Modal's modalClasses.root), which its portal adds to the body. */
const MODAL_ROOT = 'MuiModal-root';
const isModal = (node: Node): boolean => node instanceof Element && (node.classList.contains(MODAL_ROOT) || node.querySelector(`.${MODAL_ROOT}`) !== null);
