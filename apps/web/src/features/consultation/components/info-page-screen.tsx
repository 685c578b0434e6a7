import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import LocalPharmacyOutlined from '@mui/icons-material/LocalPharmacyOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { buildPath, INFO_PAGE_CODES, infoPage, STORAGE_KEYS as DOMAIN_STORAGE_KEYS, type AppointmentType, type InfoPageCode } from '@puente/domain';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { Screen } from '@/components/ui/screen';
import { useAppointment, useCurrentAppointmentId } from '@/features/appointments';
import { removeStorage } from '@/lib/storage';

const isInfoPageCode = (value: string | undefined): value is InfoPageCode => (INFO_PAGE_CODES as readonly string[]).includes(value ?? '');

const ICONS: Record<InfoPageCode, ReactNode> = {
  SC005: <PersonSearchOutlined color="primary" sx={{ fontSize: 64 }} />,
  SC023: <EventBusyOutlined color="primary" sx={{ fontSize: 64 }} />,
  SC038: <HourglassTopOutlined color="primary" sx={{ fontSize: 64 }} />,
  SC064: <HourglassTopOutlined color="primary" sx={{ fontSize: 64 }} />,
  SC094: <PersonSearchOutlined color="primary" sx={{ fontSize: 64 }} />,
  SC099: <EventBusyOutlined color="primary" sx={{ fontSize: 64 }} />,
  SMC11: <LocalPharmacyOutlined color="primary" sx={{ fontSize: 64 }} />,
};

/**
 * /consulta/infoPage/{code} (spec 2): SC005 searching, SC023 last-minute cancel (see other coaches
 * unless scheduled or noAction; go home), SC038 waiting for the US doctor (clears the waiting-room
 * start flag), SC064 to the survey, SC094 coach not available, SC099 no coaches, SMC11 treatment sent.
 * `children` follow the message in the same column.
 */
export function InfoPageScreen({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { code } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const currentId = useCurrentAppointmentId();
  const current = useAppointment(currentId).data;
  const routeType = (location.state as { appointmentType?: AppointmentType } | null)?.appointmentType;
  const spec = isInfoPageCode(code)
    ? infoPage(code, { appointmentType: routeType ?? current?.type ?? null, noAction: search.get('noAction') === 'true', appointmentId: currentId })
    : null;
  const clearsFlag = spec?.clearWaitingRoomStartFlag === true;

  useEffect(() => {
    if (clearsFlag) removeStorage(DOMAIN_STORAGE_KEYS.waitingRoomStarted);
  }, [clearsFlag]);

  if (!spec) return <Navigate to={buildPath('home')} replace />;
  if (spec.redirectTo) return <Navigate to={spec.redirectTo} replace />;

  const key = spec.code.toLowerCase();
  return (
    <Screen testId={`info-page-${spec.code}`}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 2, mt: { xs: 6, md: 10 } }}>
        {ICONS[spec.code]}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {t(`info_page_${key}_title`)}
        </Typography>
        <Typography color="text.secondary">{t(`info_page_${key}_body`)}</Typography>
        {spec.loading ? <CircularProgress aria-label={t('loading')} data-testid="info-page-loading" /> : null}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, width: '100%', maxWidth: 360, mt: 2 }}>
          {spec.buttons.map((button, index) => (
            <Button
              key={button.id}
              size="large"
              variant={index === 0 ? 'contained' : 'outlined'}
              onClick={() => void navigate(button.to)}
              data-testid={`info-page-button-${button.id}`}
            >
              {t(`info_page_button_${button.id.replace(/-/g, '_')}`)}
            </Button>
          ))}
        </Box>
      </Box>
      {/* What the page asks of her besides (SC038: what a prescription still needs), right under its message. */}
      {children}
    </Screen>
  );
}
