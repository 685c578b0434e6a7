import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { buildPath, cancelLinkViewForError, isCancelLinkActive } from '@puente/domain';

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Screen } from '@/components/ui/screen';
import { isApiRequestError } from '@/lib/api-client';
import { isLanguage } from '@/lib/i18n';
import { getTimeZone } from '@/lib/time-zone';
import { useCancelByLink } from '../api/cancel-by-link';
import { formatWhen } from './format';

type View = 'confirm' | 'canceled' | 'kept' | 'passed';

/**
 * /cancel-confirmation-link?lang&coachName&socioName&startDate&appointmentId&token&error&todayOrTomorrow:
 * the texted cancel link. Confirmation with cancel and keep; then canceled, kept or passed
 * (spec 8: appointment-already-canceled shows canceled, any other error passed).
 */
export function CancelLinkScreen() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const lang = params.get('lang');
  const startDate = params.get('startDate') ?? '';
  const appointmentId = params.get('appointmentId') ?? '';
  const token = params.get('token') ?? '';
  const when = params.get('todayOrTomorrow');
  const linkError = params.get('error');
  const viewForError = (code: string | null | undefined): View => (cancelLinkViewForError(code) === 'consultation-canceled' ? 'canceled' : 'passed');
  const initialView = (): View => {
    if (linkError !== null) return viewForError(linkError);
    return !startDate || Number.isNaN(Date.parse(startDate)) || !isCancelLinkActive(startDate, new Date()) ? 'passed' : 'confirm';
  };
  const [view, setView] = useState<View>(initialView);
  const cancel = useCancelByLink();

  useEffect(() => {
    if (isLanguage(lang) && i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [lang, i18n]);

  const onCancel = async () => {
    try {
      await cancel.mutateAsync({ appointmentId, token });
      setView('canceled');
    } catch (error) {
      setView(viewForError(isApiRequestError(error) ? error.code : null));
    }
  };

  const whenText = startDate && !Number.isNaN(Date.parse(startDate)) ? formatWhen(startDate, getTimeZone(), i18n.language) : '';
  return (
    <Screen testId="cancel-link-screen">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
        {t(`cancel_link_${view}_title`)}
      </Typography>
      {view === 'confirm' ? (
        <>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography data-testid="cancel-link-details">
              {t('cancel_link_details', { socio: params.get('socioName') ?? '', coach: params.get('coachName') ?? '', when: whenText })}
              {when === 'today' || when === 'tomorrow' ? ` (${t(`cancel_link_${when}`)})` : ''}
            </Typography>
          </Paper>
          <Button variant="contained" color="error" disabled={cancel.isPending} onClick={() => void onCancel()} data-testid="cancel-link-cancel">
            {t('cancel_link_cancel')}
          </Button>
          <Button variant="outlined" onClick={() => setView('kept')} data-testid="cancel-link-keep">
            {t('cancel_link_keep')}
          </Button>
        </>
      ) : (
        <>
          <Typography data-testid={`cancel-link-${view}`}>{t(`cancel_link_${view}_body`)}</Typography>
          {/* Read from a text message: the way on into the app (to book another time, or see her consultations). */}
          <Button variant="contained" component={RouterLink} to={buildPath('open')} data-testid="cancel-link-open-app">
            {t('cancel_link_open_app')}
          </Button>
        </>
      )}
    </Screen>
  );
}
