import type { AppointmentState } from '@puente/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { actionsFor, DASHBOARD_ACTIONS, type ActionViewer, type DashboardAction } from './dashboard-actions';

/** Primary actions first; finishing and ending in red at the end. */
const COLOR: Partial<Record<DashboardAction, 'error' | 'secondary'>> = {
  'finish-call': 'error',
  'end-call': 'error',
  'send-to-waiting-room': 'secondary',
  'continue-alone': 'secondary',
};

/** The physician's buttons for the consultation's state (one per allowed edge of the machine). */
export function ActionsBar({
  state,
  viewer,
  busy,
  onAction,
}: {
  state: AppointmentState;
  viewer: ActionViewer;
  busy: boolean;
  onAction: (action: DashboardAction) => void;
}) {
  const { t } = useTranslation();
  const actions = actionsFor(state, viewer);
  if (actions.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }} data-testid="consultation-actions">
      {actions.map((id) => (
        <Button
          key={id}
          variant={COLOR[id] === 'error' ? 'outlined' : 'contained'}
          color={COLOR[id] ?? 'primary'}
          disabled={busy}
          onClick={() => onAction(id)}
          data-testid={DASHBOARD_ACTIONS[id].testId}
        >
          {t(`dashboard_action_${id}`)}
        </Button>
      ))}
    </Box>
  );
}
