import type { AppointmentAlert } from '@puente/contracts';
import { appointmentPeople } from '@puente/domain';
import type { AppointmentRow } from '../../db/schema';
import type { PhysiciansService } from '../physicians/physicians.service';
import { COACH_QUEUE, DOCTOR_QUEUE, isEligibleCoach, isEligibleDoctor } from './appointments.policy';
import { presentAlert } from './appointments.presenter';

/** Who receives an alert: user rooms, the admins' room and the appointment room. */
export interface AlertTarget {
  appointmentId: string;
  userIds: string[];
  admins: boolean;
  /** Users who just lost access: their sockets leave the appointment room before the emit. */
  evictUserIds: string[];
}

/** What the service needs from the realtime gateway. */
export interface AppointmentNotifier {
  appointmentAlert(target: AlertTarget, alert: AppointmentAlert): void;
  /** The consultation's clinical record was saved: its physicians (`userIds`) read it again. */
  recordChanged?(appointmentId: string, userIds: readonly string[]): void;
}

/** Who hears of an appointment's change: the policy picks the recipients before every emit. */
export class AppointmentAlerts {
  constructor(
    private readonly physicians: PhysiciansService,
    private readonly notifier: AppointmentNotifier,
  ) {}

  /** Physicians the appointment is offered to (queue states) or withdrawn from (leaving a queue). */
  async offerRecipients(row: AppointmentRow, previous: AppointmentRow | null): Promise<string[]> {
    const coachQueue = row.state === COACH_QUEUE || previous?.state === COACH_QUEUE;
    const doctorQueue = row.state === DOCTOR_QUEUE || previous?.state === DOCTOR_QUEUE;
    if (!coachQueue && !doctorQueue) return [];
    const basis = row.state === COACH_QUEUE || row.state === DOCTOR_QUEUE ? row : (previous ?? row);
    const out: string[] = [];
    for (const record of await this.physicians.allRecords()) {
      const eligible = coachQueue ? isEligibleCoach(record, basis) : isEligibleDoctor(record, basis);
      if (!eligible) continue;
      const flags = await this.physicians.flags(record.user.id);
      if (flags.isOnline && flags.isAvailable) out.push(record.user.id);
    }
    return out;
  }

  /** Member, assigned physicians, queue offers and admins; physicians who lost the appointment are evicted. */
  emit(row: AppointmentRow, previous: AppointmentRow | null, offers: readonly string[]): void {
    const participants = appointmentPeople(row);
    const evict = [previous?.mxDoctorId, previous?.usDoctorId].filter((v): v is string => !!v && !participants.includes(v));
    const userIds = [...new Set([...participants, ...offers])];
    this.notifier.appointmentAlert({ appointmentId: row.id, userIds, admins: true, evictUserIds: evict }, presentAlert(row, previous?.state ?? null));
  }
}
