import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMemberHistory } from '../api/get-member-history';

/** Clinical history tab: the member's past consultations, newest first. */
export function HistoryTab({ memberId, currentId }: { memberId: string; currentId: string }) {
  const { t, i18n } = useTranslation();
  const history = useMemberHistory(memberId);
  if (history.isPending) return <Skeleton variant="rounded" height={80} />;
  if (history.isError) return <Alert severity="error">{t('dashboard_history_error')}</Alert>;
  const past = history.data.filter((h) => h.id !== currentId).sort((a, b) => b.startDate.localeCompare(a.startDate));
  if (past.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="history-empty">
        {t('dashboard_history_empty')}
      </Typography>
    );
  }
  return (
    <List dense data-testid="history-list">
      {past.map((h) => (
        <ListItem key={h.id} disableGutters divider data-testid={`history-item-${h.id}`}>
          <ListItemText
            primary={`${new Date(h.startDate).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short', year: 'numeric' })} · ${h.physicianName ?? '—'}`}
            secondary={[h.reason, t(`dashboard_channel_${h.channel}`), t(`dashboard_state_${h.state}`)].filter(Boolean).join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}
