import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { useStore } from '@/lib/external-store';
import { ROUTES } from '@/lib/routes';
import { closeInfoModal, infoModalStore, type InfoModalAction, type InfoModalButton } from '@/lib/ui-store';

/** spec 000 §2: generic info modal (image, body, outline button, primary button). */
export function InfoModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const modal = useStore(infoModalStore);

  const handleAction = (action: InfoModalAction) => {
    closeInfoModal();
    switch (action.type) {
      case 'redirect':
        window.location.assign(action.url);
        return;
      case 'navigate-to':
        void navigate(action.path);
        return;
      case 'logout':
        void navigate(ROUTES.logout);
        return;
      case 'close-modal':
        return;
      default: {
        const exhaustive: never = action;
        return exhaustive;
      }
    }
  };

  const label = (button: InfoModalButton) => (button.raw ? button.label : t(button.label));
  // A modal without a title (a server's message) is named by its body: a dialog needs a name.
  const bodyId = useId();

  return (
    <Dialog open={modal !== null} onClose={closeInfoModal} fullWidth maxWidth="xs" aria-labelledby={modal?.title ? undefined : bodyId} data-testid="info-modal">
      {modal?.title ? <DialogTitle>{modal.raw ? modal.title : t(modal.title)}</DialogTitle> : null}
      <DialogContent sx={{ textAlign: 'center' }}>
        {modal?.imageUrl ? (
          <img src={modal.imageUrl} alt="" style={{ maxWidth: '100%', maxHeight: 160, marginBottom: 16 }} />
        ) : null}
        <Typography id={bodyId}>{modal ? (modal.raw ? modal.body : t(modal.body)) : null}</Typography>
      </DialogContent>
      <DialogActions sx={{ flexDirection: 'column', gap: 1, px: 3, pb: 3 }}>
        {modal?.primaryButton ? (
          <Button fullWidth variant="contained" onClick={() => handleAction(modal.primaryButton!.action)}>
            {label(modal.primaryButton)}
          </Button>
        ) : null}
        {modal?.outlineButton ? (
          <Button fullWidth variant="outlined" sx={{ ml: '0 !important' }} onClick={() => handleAction(modal.outlineButton!.action)}>
            {label(modal.outlineButton)}
          </Button>
        ) : null}
        {modal && !modal.primaryButton && !modal.outlineButton ? (
          <Button fullWidth variant="contained" onClick={closeInfoModal}>
            {t('accept')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
