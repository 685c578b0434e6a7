import type { PhysicianDto, ScheduledAppointmentDto } from '@puente/contracts';
import type { ScheduledAppointmentRow } from '../../db/schema';

/** What leaves the server of a scheduled appointment (spec 000 §3). */
export function presentScheduled(row: ScheduledAppointmentRow, physician: PhysicianDto | null): ScheduledAppointmentDto {
  return {
    id: row.id,
    tinyId: row.tinyId,
    physicianId: row.physicianId,
    memberId: row.memberId,
    createdBy: row.createdBy,
    createdByRole: row.createdByRole,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    language: row.language,
    timezone: row.timezone,
    status: row.status,
    state: row.state,
    topic: row.topic ?? null,
    requiredExtension: false,
    notes: row.notes,
    type: 'scheduled',
    appointmentId: row.appointmentId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    physician,
  };
}
