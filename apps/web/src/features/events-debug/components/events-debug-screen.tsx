import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '@/components/ui/screen';
import { dateKey, readTrackedDates, readTrackedEvents, type TrackedEventRecord } from '@/lib/events-tracking';

/** spec 001 §9: the event debugging page refreshes every second. */
export const EVENTS_REFRESH_MS = 1000;

const formatTime = (uid: number): string => {
  const d = new Date(uid);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
};

/** /et: the hidden debug page listing the events tracked on this device, one day at a time. */
export function EventsDebugScreen() {
  const { t } = useTranslation();
  const [date, setDate] = useState(() => dateKey(Date.now()));
  const [dates, setDates] = useState<string[]>([]);
  const [events, setEvents] = useState<TrackedEventRecord[]>([]);

  useEffect(() => {
    let alive = true;
    const refresh = async () => {
      const [nextDates, nextEvents] = await Promise.all([readTrackedDates(), readTrackedEvents(date)]);
      if (!alive) return;
      setDates(nextDates);
      setEvents(nextEvents);
    };
    void refresh();
    const timer = setInterval(() => void refresh(), EVENTS_REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [date]);

  const options = dates.includes(date) ? dates : [date, ...dates];
  return (
    <Screen testId="events-debug-screen">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('events_debug_title')}
      </Typography>
      <TextField select label={t('events_debug_day')} value={date} onChange={(e) => setDate(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'events-debug-day' } }}>
        {options.map((d) => (
          <MenuItem key={d} value={d}>
            {d}
          </MenuItem>
        ))}
      </TextField>
      <Typography color="text.secondary" data-testid="events-debug-count">
        {t('events_debug_count', { count: events.length })}
      </Typography>
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {events.map((e) => (
          <Paper component="li" key={e.uid} variant="outlined" sx={{ p: 1.5 }} data-testid="tracked-event">
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {/* The event's name is an identifier, not a message (nor text to translate). */}
              {formatTime(e.uid)} · <code translate="no">{e.data.event}</code>
            </Typography>
            <Typography variant="caption" component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}>
              {JSON.stringify(e.data.properties)}
            </Typography>
          </Paper>
        ))}
      </Stack>
    </Screen>
  );
}
