import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useStore } from '@/lib/external-store';
import { loadingStore } from '@/lib/ui-store';

/**
 * spec 000 §2 global elements: the global loading overlay. Mounted only while shown (and its fade
 * out): a closed Backdrop otherwise stays in the page, hidden, with its spinner's endless CSS
 * animation running on every screen for the whole session (issue 10: it kept the main thread busy
 * on /inicio for as long as Lighthouse watched, 45 s).
 */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const count = useStore(loadingStore);
  return (
    <Backdrop open={count > 0} unmountOnExit sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: 'primary.main' }} data-testid="loading-overlay">
      <CircularProgress color="inherit" aria-label={t('loading')} />
    </Backdrop>
  );
}
