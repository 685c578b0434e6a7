import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { groupHistory, paths, ROUTES } from '@puente/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { useMember } from '@/features/profile';
import { memberHasFlag } from '@/features/profile';
import { getTimeZone } from '@/lib/time-zone';
import { useHistoryPages } from '../api/get-history-page';
import { HistoryCard } from './history-card';

/**
 * /consulta/historial (spec 2): My consultations grouped by year then month, newest first, a page
 * at a time; the empty state offers scheduling when the organization allows it.
 */
export function HistoryScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const member = useMember();
  const history = useHistoryPages();
  const timeZone = getTimeZone();
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  const groups = groupHistory(items, timeZone);
  const monthName = (year: number, month: number) => new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month, 15)));
  const schedulingAllowed = memberHasFlag(member.data, 'SCHEDULING_AVAILABLE');

  return (
    <Screen testId="history-screen">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
        {t('record_history_title')}
      </Typography>
      {history.isPending ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={76} />
          ))}
        </Box>
      ) : history.isError ? (
        <Alert severity="error" action={<Button onClick={() => void history.refetch()}>{t('record_retry')}</Button>}>
          {t('record_history_error')}
        </Alert>
      ) : items.length === 0 ? (
        <Box sx={{ textAlign: 'center', mt: 6, display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'center' }} data-testid="history-empty">
          <Typography color="text.secondary">{t('record_history_empty')}</Typography>
          {schedulingAllowed ? (
            <Button variant="contained" onClick={() => void navigate(ROUTES.scheduleSelectTopic.path)} data-testid="history-empty-schedule">
              {t('record_history_schedule')}
            </Button>
          ) : null}
        </Box>
      ) : (
        groups.map((year) => (
          <Box key={year.year} component="section" aria-labelledby={`history-year-${year.year}`} data-testid={`history-year-${year.year}`}>
            <Typography id={`history-year-${year.year}`} variant="h6" component="h2" sx={{ fontWeight: 800 }}>
              {year.year}
            </Typography>
            {year.months.map((month) => (
              <Box key={month.month} sx={{ mt: 1.5 }}>
                <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ textTransform: 'capitalize', mb: 1 }}>
                  {monthName(year.year, month.month)}
                </Typography>
                <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
                  {month.items.map((item) => (
                    <HistoryCard key={item.id} item={item} timeZone={timeZone} onOpen={(id) => void navigate(paths.historyDetail(id))} />
                  ))}
                </Box>
              </Box>
            ))}
          </Box>
        ))
      )}
      {history.hasNextPage ? (
        <Button variant="outlined" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage} data-testid="history-more">
          {history.isFetchingNextPage ? t('record_loading') : t('record_history_more')}
        </Button>
      ) : null}
    </Screen>
  );
}
