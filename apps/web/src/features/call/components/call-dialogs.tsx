import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { MediaDeviceProblem } from '@puente/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * spec 8 "Call": the ERROR dialog with the message and, if present, 'Error Code: {code}', and an
 * OK button (the 20101 credentials hint is already in the message, from domain callErrorRoute).
 */
export function CallErrorDialog({ open, message, code, onClose }: { open: boolean; message: string; code?: number; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="call-error-title" data-testid="call-error-dialog">
      <DialogTitle id="call-error-title">ERROR</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="call-error-message">{message}</DialogContentText>
        {code ? <DialogContentText data-testid="call-error-code">{t('vc_error_code', { code })}</DialogContentText> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="call-error-ok">
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The camera or microphone could not be opened: refused ('not-allowed', spec 8), none on the device, or in use. */
export type MediaProblem = 'not-allowed' | MediaDeviceProblem;

const MEDIA_PROBLEM_TEXT: Record<MediaProblem, { title: string; body: string; retry: string }> = {
  'not-allowed': { title: 'vc_not_allowed_title', body: 'vc_not_allowed_body', retry: 'vc_not_allowed_button' },
  missing: { title: 'vc_media_missing_title', body: 'vc_media_missing_body', retry: 'vc_media_retry' },
  busy: { title: 'vc_media_busy_title', body: 'vc_media_busy_body', retry: 'vc_media_retry' },
};

/**
 * spec 8: NotAllowedError: a dialog asking to change the phone permissions, 'Entendido, daré acceso';
 * spec 4: a member who will not allow the camera may leave instead (media-permissions). The same
 * dialog, with its own texts, for a camera that is missing or in use (mediaDeviceProblem).
 */
export function NotAllowedDialog({ problem, onRetry, onLeave, busy = false }: { problem: MediaProblem | null; onRetry: () => void; onLeave?: () => void; busy?: boolean }) {
  const { t } = useTranslation();
  // The last problem's texts stay while the dialog fades out.
  const [shown, setShown] = useState<MediaProblem>(problem ?? 'not-allowed');
  if (problem !== null && problem !== shown) setShown(problem);
  const text = MEDIA_PROBLEM_TEXT[shown];
  return (
    <Dialog open={problem !== null} aria-labelledby="not-allowed-title" data-testid="not-allowed-dialog" data-problem={shown}>
      <DialogTitle id="not-allowed-title">{t(text.title)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t(text.body)}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {onLeave ? (
          <Button fullWidth variant="outlined" color="error" onClick={onLeave} disabled={busy} data-testid="not-allowed-leave">
            {t('vc_not_allowed_leave')}
          </Button>
        ) : null}
        <Button fullWidth variant="contained" onClick={onRetry} disabled={busy} data-testid="not-allowed-ok">
          {t(text.retry)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** spec 4: the non-dismissible 'enter consultation' dialog (no close, no backdrop dismiss). */
export function EnterConsultationDialog({ open, name, onEnter }: { open: boolean; name: string | null; onEnter: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} aria-labelledby="enter-consultation-title" data-testid="enter-consultation-dialog">
      <DialogTitle id="enter-consultation-title">{t('vc_enter_consultation_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{name ? t('vc_enter_consultation_body_named', { name }) : t('vc_enter_consultation_body')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button fullWidth variant="contained" size="large" onClick={onEnter} data-testid="enter-consultation">
          {t('vc_enter_consultation_button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** spec 4: a returning member sees the return-to-call modal; accepting marks the consultation rejoined. */
export function ReturnToCallDialog({ open, onAccept, busy }: { open: boolean; onAccept: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} aria-labelledby="return-to-call-title" data-testid="return-to-call-dialog">
      <DialogTitle id="return-to-call-title">{t('vc_return_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('vc_return_body')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button fullWidth variant="contained" size="large" onClick={onAccept} disabled={busy} data-testid="return-to-call-accept">
          {t('vc_return_button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Issue 11: ending that affects the others asks first (the member leaving the waiting room or the
 * call, the coach finishing the video call, the US doctor ending it). `kind` picks the text.
 */
export function HangUpDialog({ open, kind, busy, onConfirm, onCancel }: { open: boolean; kind: 'leave-waiting-room' | 'member-end' | 'coach-end' | 'doctor-end'; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const key = kind.replace(/-/g, '_');
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby="hang-up-title" aria-describedby="hang-up-body" data-testid="hang-up-dialog" data-kind={kind}>
      <DialogTitle id="hang-up-title">{t(`vc_hang_up_${key}_title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText id="hang-up-body">{t(`vc_hang_up_${key}_body`)}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy} data-testid="hang-up-cancel">
          {t('vc_hang_up_keep')}
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={busy} data-testid="hang-up-confirm">
          {t(`vc_hang_up_${key}_confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
