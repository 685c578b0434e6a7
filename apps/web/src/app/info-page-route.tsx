import { useParams } from 'react-router';
import { InfoPageScreen } from '@/features/consultation/components/info-page-screen';
import { ReadinessPrompt } from '@/features/prescribing/components/readiness-prompt';
import { useCurrentAppointmentId } from '@/features/appointments';

/**
 * /consulta/infoPage/{code}: the info page; in the second waiting room (SC038, waiting for a US
 * doctor) it also asks the member for what a prescription still needs (issue 12 readiness), right
 * under its message: after the screen (a page tall at least) it started below a phone's fold, and a
 * member saw only "please wait" with nothing to do.
 */
export function InfoPageRoute() {
  const { code } = useParams();
  const currentId = useCurrentAppointmentId();
  return <InfoPageScreen>{code === 'SC038' && currentId ? <ReadinessPrompt appointmentId={currentId} /> : null}</InfoPageScreen>;
}
