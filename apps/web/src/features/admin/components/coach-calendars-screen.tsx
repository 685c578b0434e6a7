import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminConsole } from './admin-console';
import { CalendarEditor } from '@/features/dashboard';
import { useAdminCoaches } from '../api/get-coaches';

/**
 * /admin/calendarios (issue 13 "the admin can edit them"): the admin picks a coach and edits her
 * weekly hours, time off and extra hours with the coach's own editor, through the admin's calls
 * (admins only, audited).
 */
export function CoachCalendarsScreen() {
  const { t } = useTranslation();
  const coaches = useAdminCoaches();
  const [chosen, setChosen] = useState('');
  const coach = coaches.data?.find((c) => c.id === chosen);
  return (
    <AdminConsole testId="admin-calendars">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 900 }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            {t('admin_calendars_title')}
          </Typography>
          <Typography color="text.secondary">{t('admin_calendars_subtitle')}</Typography>
        </Box>
        {coaches.isError ? <Alert severity="error">{t('admin_calendars_error')}</Alert> : null}
        {coaches.isPending ? (
          <Skeleton variant="rounded" height={56} />
        ) : (
          <TextField select label={t('admin_calendars_coach')} value={chosen} onChange={(e) => setChosen(e.target.value)} sx={{ maxWidth: 420 }} slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'admin-calendars-coach' } as object } }}>
            {(coaches.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id} data-testid={`admin-calendars-coach-${c.id}`}>
                {c.firstName} {c.lastName}
              </MenuItem>
            ))}
          </TextField>
        )}
        {coach ? (
          <CalendarEditor physicianId={coach.id} api="admin" title={t('admin_calendars_editor_title', { name: `${coach.firstName} ${coach.lastName}` })} subtitle={t('admin_calendars_editor_subtitle')} />
        ) : null}
      </Box>
    </AdminConsole>
  );
}
