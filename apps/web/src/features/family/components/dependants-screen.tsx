import { formatPhoneForDisplay, LIMITS, ROUTES } from '@puente/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { DependantDto } from '@puente/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { useMember } from '@/features/profile';
import { isApiRequestError } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useDeleteDependant, useDependants, useResendInvitation } from '../api/dependants';
import { ScreenHeader } from '@/components/ui/screen-header';
import { FamilyNotIncluded, isFamilyNotIncluded } from './family-not-included';

/** /dependants: the referrer's family (pending with resend, accepted), unlink, and the way to add one. */
export function DependantsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const memberId = useMember().data?.id;
  const list = useDependants(memberId);
  const resend = useResendInvitation(memberId);
  const remove = useDeleteDependant(memberId);
  const [unlinking, setUnlinking] = useState<DependantDto | null>(null);

  const onResend = (d: DependantDto) =>
    resend.mutate(d, {
      onSuccess: () => showToast({ variant: 'success', message: 'dependants_resend_success', values: { name: d.alias } }),
      onError: () => showToast({ variant: 'error', message: 'dependants_action_error' }),
    });
  const onUnlink = () => {
    if (!unlinking) return;
    const d = unlinking;
    remove.mutate(d.memberId, {
      onSuccess: () => showToast({ variant: 'success', message: 'dependants_unlink_success', values: { name: d.alias } }),
      onError: (e) => showToast({ variant: 'error', message: isApiRequestError(e) && e.code === 'NOT_FOUND' ? 'dependants_not_found' : 'dependants_action_error' }),
      onSettled: () => setUnlinking(null),
    });
  };
  const slotsLeft = list.data?.slotsLeft ?? 0;
  const notIncluded = isFamilyNotIncluded(list.error);

  return (
    <Screen testId="dependants-screen">
      <ScreenHeader title={t('dependants_title')} backTo={ROUTES.profile.path} />
      <Typography color="text.secondary">{t('dependants_intro', { max: LIMITS.maxDependants })}</Typography>
      {list.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : notIncluded ? (
        <FamilyNotIncluded />
      ) : list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()} disabled={list.isFetching} data-testid="dependants-retry">
              {t('screen_error_retry')}
            </Button>
          }
        >
          {t('dependants_load_error')}
        </Alert>
      ) : list.data.dependants.length === 0 ? (
        <Typography data-testid="dependants-empty">{t('dependants_empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="dependants-list">
          {list.data.dependants.map((d) => (
            <Paper component="li" key={d.memberId} variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="dependant-item">
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 700 }}>{d.alias}</Typography>
                <Chip
                  size="small"
                  color={d.invitationStatus === 'ACCEPTED' ? 'success' : 'warning'}
                  label={t(d.invitationStatus === 'ACCEPTED' ? 'dependants_status_accepted' : 'dependants_status_pending')}
                  data-testid="dependant-status"
                />
              </Box>
              <Typography color="text.secondary" variant="body2">
                {formatPhoneForDisplay(d.phoneNumber)} · {t(d.preferredLang === 'en' ? 'dependants_lang_en' : 'dependants_lang_es')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {d.invitationStatus === 'PENDING' ? (
                  <Button size="small" variant="outlined" onClick={() => onResend(d)} disabled={resend.isPending} data-testid="dependant-resend">
                    {t('dependants_resend')}
                  </Button>
                ) : null}
                <Button size="small" color="error" onClick={() => setUnlinking(d)} data-testid="dependant-unlink">
                  {t('dependants_unlink')}
                </Button>
              </Box>
            </Paper>
          ))}
        </Box>
      )}
      {list.data ? (
        <Typography color="text.secondary" variant="body2" data-testid="dependants-slots">
          {t('dependants_slots_left', { count: slotsLeft })}
        </Typography>
      ) : null}
      {notIncluded ? null : (
        <Button
          variant="contained"
          size="large"
          disabled={!list.data}
          onClick={() => void navigate(slotsLeft > 0 ? ROUTES.addDependant.path : ROUTES.dependantsNoSlots.path)}
          data-testid="dependants-add"
        >
          {t('dependants_add')}
        </Button>
      )}
      <Dialog open={unlinking !== null} onClose={() => setUnlinking(null)} aria-labelledby="unlink-title">
        <DialogTitle id="unlink-title">{t('dependants_unlink_title', { name: unlinking?.alias ?? '' })}</DialogTitle>
        <DialogContent>
          <Typography>{t('dependants_unlink_body')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setUnlinking(null)}>{t('dependants_cancel')}</Button>
          <Button color="error" variant="contained" onClick={onUnlink} disabled={remove.isPending} data-testid="dependant-unlink-confirm">
            {t('dependants_unlink')}
          </Button>
        </DialogActions>
      </Dialog>
    </Screen>
  );
}
