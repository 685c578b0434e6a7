import { useParams } from 'react-router';
import { JoinCallButton } from '@/features/call/components/join-call-button';
import { ConsultationScreen } from '@/features/dashboard/components/consultation-screen';

/** /dashboard/consulta/:id: the physician's consultation, with the way into its video call. */
export function StaffConsultationRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <ConsultationScreen />
      {id ? <JoinCallButton appointmentId={id} /> : null}
    </>
  );
}
