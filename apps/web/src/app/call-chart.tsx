import { ConsultationWorkspace } from '@/features/dashboard/components/consultation-screen';
import { PrescriptionWorkspace } from '@/features/prescribing/components/prescription-workspace';

/** The clinician's chart beside the call (issue 11): the consultation workspace with the prescription workspace. */
export function CallChart({ appointmentId }: { appointmentId: string }) {
  return <ConsultationWorkspace id={appointmentId} layout="call" prescribing={(a, onAppointment) => <PrescriptionWorkspace appointment={a} onAppointment={onAppointment} />} />;
}
