import { ROUTES } from '@puente/domain';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';

/** /dependants/invitation-sent: the link was texted; she joins when she signs in through it. */
export function InvitationSentScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useLocation().state as { alias?: unknown } | null;
  const alias = typeof state?.alias === 'string' ? state.alias : null;
  return (
    <Screen testId="dependant-invitation-sent-screen">
      <MarkEmailReadOutlined color="secondary" sx={{ fontSize: 64, alignSelf: 'center' }} aria-hidden />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, textAlign: 'center' }}>
        {t('invitation_sent_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        {alias ? t('invitation_sent_body', { name: alias }) : t('invitation_sent_body_unknown')}
      </Typography>
      <Button variant="contained" size="large" onClick={() => void navigate(ROUTES.dependants.path, { replace: true })} data-testid="invitation-sent-done">
        {t('invitation_sent_button')}
      </Button>
    </Screen>
  );
}
