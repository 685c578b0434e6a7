import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { putCalendarInputSchema, type CalendarDto, type PutCalendarInput } from '@puente/contracts';
import { calendarExceptionInputSchema, wallTimeToIso, type CalendarExceptionInput } from '@puente/domain';
import { useForm, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toast';
import { useCalendarExceptions } from '../api/calendar-exceptions';
import { useCoachCalendar, type CalendarApi } from '../api/coach-calendar';
import { useSaveCoachCalendar } from '../api/save-coach-calendar';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];

/**
 * A weekly-hours row: on a phone the day with its delete button, then "from" and "to" side by side
 * (they wrapped unevenly: day and "from" on one line, "to" and delete on the next); one row from sm.
 */
const HOURS_ROW = {
  display: 'grid',
  gap: 1,
  alignItems: 'start',
  gridTemplateColumns: { xs: '1fr 1fr auto', sm: 'minmax(140px, 1fr) 1fr 1fr auto' },
  gridTemplateAreas: { xs: '"day day remove" "starts ends ."', sm: '"day starts ends remove"' },
} as const;

function HoursForm({ physicianId, calendar, api }: { physicianId: string; calendar: CalendarDto; api: CalendarApi }) {
  const { t } = useTranslation();
  const save = useSaveCoachCalendar();
  const form = useForm<PutCalendarInput>({
    resolver: zodResolver(putCalendarInputSchema),
    defaultValues: { timeZone: calendar.timeZone, slotMinutes: calendar.slotMinutes, weekdays: calendar.weekdays, hours: calendar.hours },
  });
  const hours = useFieldArray({ control: form.control, name: 'hours' });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (input) => {
    const weekdays = [...new Set(input.hours.map((h) => h.weekday))].sort();
    try {
      await save.mutateAsync({ physicianId, api, input: { ...input, weekdays } });
      showToast({ variant: 'success', message: 'calendar_saved' });
    } catch {
      showToast({ variant: 'warning', message: 'dashboard_action_error' });
    }
  });
  return (
    <Box component="form" onSubmit={(e) => void submit(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="calendar-hours-form" noValidate>
      <TextField label={t('calendar_time_zone')} {...form.register('timeZone')} error={Boolean(errors.timeZone)} helperText={errors.timeZone?.message ? t(`calendar_error_${errors.timeZone.message}`) : undefined} size="small" />
      {hours.fields.map((field, i) => (
        <Box key={field.id} sx={HOURS_ROW} data-testid="calendar-hours-row">
          <TextField select size="small" label={t('calendar_weekday')} defaultValue={field.weekday} {...form.register(`hours.${i}.weekday`, { valueAsNumber: true })} sx={{ gridArea: 'day' }}>
            {WEEKDAYS.map((d) => (
              <MenuItem key={d} value={d}>
                {t(`calendar_weekday_${d}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" type="time" label={t('calendar_starts')} {...form.register(`hours.${i}.starts`)} error={Boolean(errors.hours?.[i]?.starts)} slotProps={{ inputLabel: { shrink: true } }} sx={{ gridArea: 'starts' }} />
          <TextField
            size="small"
            type="time"
            sx={{ gridArea: 'ends' }}
            label={t('calendar_ends')}
            {...form.register(`hours.${i}.ends`)}
            error={Boolean(errors.hours?.[i]?.ends)}
            helperText={errors.hours?.[i]?.ends?.message ? t(`calendar_error_${errors.hours[i].ends.message}`) : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <IconButton aria-label={t('calendar_remove')} onClick={() => hours.remove(i)} sx={{ gridArea: 'remove', justifySelf: 'start' }}>
            <DeleteOutline />
          </IconButton>
        </Box>
      ))}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button onClick={() => hours.append({ weekday: 1, starts: '09:00', ends: '13:00' })} data-testid="calendar-add-hours">
          {t('calendar_add_hours')}
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="calendar-save">
          {t('calendar_save')}
        </Button>
      </Box>
    </Box>
  );
}

function ExceptionsForm({ physicianId, calendar, api }: { physicianId: string; calendar: CalendarDto; api: CalendarApi }) {
  const { t, i18n } = useTranslation();
  const { add, remove } = useCalendarExceptions();
  const form = useForm<CalendarExceptionInput>({ resolver: zodResolver(calendarExceptionInputSchema), defaultValues: { kind: 'time-off', startsAt: '', endsAt: '' } });
  const errors = form.formState.errors;
  // Time off and extra hours are typed and shown in the calendar's zone (the coach's), whatever
  // the browser's zone: the datetime-local wall time becomes an instant through TZDate (domain).
  const fmt = (iso: string) => new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'medium', timeStyle: 'short', timeZone: calendar.timeZone }).format(new Date(iso));
  const toIso = (local: string) => wallTimeToIso(local, calendar.timeZone);
  const submit = form.handleSubmit(async (input) => {
    await add.mutateAsync({ physicianId, api, input });
    form.reset({ kind: input.kind, startsAt: '', endsAt: '' });
  });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {calendar.exceptions.map((e) => (
        <Box key={e.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="calendar-exception">
          <Typography sx={{ flex: 1 }}>
            {t(`calendar_kind_${e.kind}`)}: {fmt(e.startsAt)} – {fmt(e.endsAt)}
          </Typography>
          <IconButton aria-label={t('calendar_remove')} onClick={() => remove.mutate({ physicianId, api, id: e.id })}>
            <DeleteOutline />
          </IconButton>
        </Box>
      ))}
      <Box component="form" onSubmit={(e) => void submit(e)} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }} noValidate data-testid="calendar-exception-form">
        <TextField select size="small" label={t('calendar_kind')} defaultValue="time-off" {...form.register('kind')} sx={{ minWidth: 160 }}>
          <MenuItem value="time-off">{t('calendar_kind_time-off')}</MenuItem>
          <MenuItem value="extra-hours">{t('calendar_kind_extra-hours')}</MenuItem>
        </TextField>
        <TextField size="small" type="datetime-local" label={t('calendar_from')} {...form.register('startsAt', { setValueAs: toIso })} error={Boolean(errors.startsAt)} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField
          size="small"
          type="datetime-local"
          label={t('calendar_to')}
          {...form.register('endsAt', { setValueAs: toIso })}
          error={Boolean(errors.endsAt)}
          helperText={errors.endsAt?.message ? t(`calendar_error_${errors.endsAt.message}`) : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button type="submit" variant="outlined" disabled={add.isPending} data-testid="calendar-exception-add">
          {t('calendar_add_exception')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The coach's calendar on the dashboard (issue 13): weekly hours in her zone, time off and extra
 * hours. The admin's calendar screen shows the same editor for any coach (`api="admin"`, its own
 * audited calls, and its own title).
 */
export function CalendarEditor({ physicianId, api = 'coach', title, subtitle }: { physicianId: string; api?: CalendarApi; title?: string; subtitle?: string }) {
  const { t } = useTranslation();
  const calendar = useCoachCalendar(physicianId, api);
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="calendar-editor">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>
        {title ?? t('calendar_title')}
      </Typography>
      <Typography color="text.secondary" data-testid="calendar-subtitle">
        {subtitle ?? t('calendar_subtitle')}
        {/* Her own appointments' length (it said 45 minutes to a coach whose are 30). */}
        {calendar.data ? ` ${t('calendar_slot_length', { minutes: calendar.data.slotMinutes })}` : null}
      </Typography>
      {calendar.isError ? <Alert severity="error">{t('dashboard_action_error')}</Alert> : null}
      {calendar.data ? (
        <>
          <HoursForm key={`hours-${physicianId}`} physicianId={physicianId} calendar={calendar.data} api={api} />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {t('calendar_exceptions')}
          </Typography>
          <ExceptionsForm key={`exceptions-${physicianId}`} physicianId={physicianId} calendar={calendar.data} api={api} />
        </>
      ) : null}
    </Paper>
  );
}
