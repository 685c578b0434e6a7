import { MODAL, type DoctorModal as DoctorModalId } from '@puente/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** spec 000 §2 / 001 §6 doctor-side modals; spec 9: the doctor modal is 552 px wide. */
export function DoctorModal({ modal, onClose }: { modal: DoctorModalId | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={modal !== null}
      onClose={onClose}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: MODAL.doctorModalWidthPx, maxWidth: 'calc(100% - 32px)', borderRadius: 2 } } }}
    >
      {modal ? (
        <div data-testid="doctor-modal" data-modal={modal}>
          <DialogTitle sx={{ fontWeight: 700 }}>{t(`dashboard_modal_${modal}_title`)}</DialogTitle>
          <DialogContent>
            <Typography>{t(`dashboard_modal_${modal}_body`)}</Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 3 }}>
            <Button variant="contained" onClick={onClose} data-testid="doctor-modal-close">
              {t('dashboard_modal_ok')}
            </Button>
          </DialogActions>
        </div>
      ) : null}
    </Dialog>
  );
}
