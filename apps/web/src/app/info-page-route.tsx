import Container from '@mui/material/Container';
import { useParams } from 'react-router';
import { InfoPageScreen } from '@/features/consultation/components/info-page-screen';
import { ReadinessPrompt } from '@/features/prescribing/components/readiness-prompt';
import { useCurrentAppointmentId } from '@/features/appointments';

/**
 * /consulta/infoPage/{code}: the info page; in the second waiting room (SC038, waiting for a US
 * doctor) it also asks the member for what a prescription still needs (issue 12 readiness).
 */
export function InfoPageRoute() {
  const { code } = useParams();
  const currentId = useCurrentAppointmentId();
  return (
    <>
      <InfoPageScreen />
      {code === 'SC038' && currentId ? (
        <Container maxWidth="sm" sx={{ px: { xs: 2.5, sm: 3 }, pb: 4 }}>
          <ReadinessPrompt appointmentId={currentId} />
        </Container>
      ) : null}
    </>
  );
}
