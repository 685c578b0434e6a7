import { useParams } from 'react-router';
import { JoinCallButton } from '@/features/call/components/join-call-button';
import { useDashboardAppointment } from '@/features/dashboard/api/get-dashboard-appointment';
import { ConsultationScreen } from '@/features/dashboard/components/consultation-screen';
import { PrescriptionWorkspace } from '@/features/prescribing/components/prescription-workspace';

/**
 * /dashboard/consulta/:id: the physician's consultation, with the way into its video call. The
 * button reads the consultation's own query (the same cache entry the screen shows, kept fresh by
 * its actions and realtime alerts), never a copy of its own.
 */
export function StaffConsultationRoute() {
  const { id = '' } = useParams();
  const appointment = useDashboardAppointment(id);
  return (
    <>
      <ConsultationScreen prescribing={(a, onAppointment) => <PrescriptionWorkspace appointment={a} onAppointment={onAppointment} />} />
      {id ? <JoinCallButton appointmentId={id} state={appointment.data?.state} /> : null}
    </>
  );
}
