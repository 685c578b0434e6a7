import { clinicianConsultationsResponseSchema } from '@puente/contracts';
import { APPOINTMENT_STATE as S } from '@puente/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberWithSession, onlinePhysician, request, type TestServer } from '../../test';
import { RECENT_CONSULTATION_CAP } from './appointments.queries';
import { appointmentsTestServer, insertAppointment } from './appointments.test-kit';

/** issue 11: the clinician's own list, GET /api/physicians/{id}/consultations. */
const env = appointmentsTestServer();
const { track } = env;
let t: TestServer;
beforeAll(() => {
  t = env.t;
});

const minutesAgo = (t: TestServer, m: number) => new Date(t.clock.now().getTime() - m * 60_000);
const list = async (t: TestServer, physicianId: string, token: string) => request(t.url, `/api/physicians/${physicianId}/consultations`, { token });

describe('GET /api/physicians/{id}/consultations (issue 11)', () => {
  it('a coach sees her own live and recent consultations, not another clinician’s', async () => {
    const ana = await memberWithSession(t.server, { firstName: 'Ana', lastName: 'López' });
    const coach = track(await onlinePhysician(t.server, t.url));
    const other = track(await onlinePhysician(t.server, t.url));
    const doctor = track(await onlinePhysician(t.server, t.url, { userType: 'us-physician', licenses: ['CA'] }));
    const live = await insertAppointment(t, { memberId: ana.user.id, state: S.S3_COACH_JOINS_CALL, mxDoctorId: coach.user.id, createdAt: minutesAgo(t, 12) });
    const handedOff = await insertAppointment(t, {
      memberId: ana.user.id,
      state: S.S8_ER_JOINS_CALL,
      mxDoctorId: coach.user.id,
      usDoctorId: doctor.user.id,
      usDoctorNeeded: true,
      createdAt: minutesAgo(t, 40),
      escalatedAt: minutesAgo(t, 9),
    });
    const finished = await insertAppointment(t, { memberId: ana.user.id, state: S.S11_FINISHED, status: 'finished', mxDoctorId: coach.user.id, updatedAt: minutesAgo(t, 60) });
    const canceled = await insertAppointment(t, { memberId: ana.user.id, state: S.S12_CANCELED, status: 'finished', mxDoctorId: coach.user.id, updatedAt: minutesAgo(t, 30) });
    await insertAppointment(t, { memberId: ana.user.id, state: S.S11_FINISHED, status: 'finished', mxDoctorId: coach.user.id, updatedAt: minutesAgo(t, 8 * 24 * 60) }); // older than a week
    await insertAppointment(t, { memberId: ana.user.id, state: S.S3_COACH_JOINS_CALL, mxDoctorId: other.user.id });
    await insertAppointment(t, { memberId: ana.user.id, state: S.S11_FINISHED, status: 'finished', mxDoctorId: other.user.id });
    await insertAppointment(t, { memberId: ana.user.id, state: S.S1_IN_QUEUE_FOR_COACH }); // in the queue, nobody's yet

    const res = await list(t, coach.user.id, coach.token);
    expect(res.status).toBe(200);
    const body = clinicianConsultationsResponseSchema.parse(res.body);
    expect(body.active.map((a) => a.id)).toEqual([handedOff.id, live.id]);
    expect(body.active[1]).toMatchObject({ memberName: 'Ana López', state: S.S3_COACH_JOINS_CALL, channel: 'video-call', role: 'coach', createdAt: live.createdAt.toISOString() });
    expect(body.recent.map((a) => a.id)).toEqual([canceled.id, finished.id]);
    // Slim rows: no clinical data leaves with the list.
    expect(JSON.stringify(body)).not.toMatch(/medicalRecord|prescriptions|selfAssessment/);

    // The US doctor sees the escalation as hers, with the handoff time the queue age counts from.
    const hers = clinicianConsultationsResponseSchema.parse((await list(t, doctor.user.id, doctor.token)).body);
    expect(hers.active).toEqual([expect.objectContaining({ id: handedOff.id, role: 'us-doctor', escalatedAt: handedOff.escalatedAt!.toISOString() })]);
    expect(hers.recent).toEqual([]);
  });

  it('recent ones are most recent first and capped', async () => {
    const ana = await memberWithSession(t.server);
    const coach = track(await onlinePhysician(t.server, t.url));
    const ids: string[] = [];
    for (let i = 0; i < RECENT_CONSULTATION_CAP + 3; i += 1) {
      ids.push((await insertAppointment(t, { memberId: ana.user.id, state: S.S11_FINISHED, status: 'finished', mxDoctorId: coach.user.id, updatedAt: minutesAgo(t, 10 + i) })).id);
    }
    const body = clinicianConsultationsResponseSchema.parse((await list(t, coach.user.id, coach.token)).body);
    expect(body.recent.map((a) => a.id)).toEqual(ids.slice(0, RECENT_CONSULTATION_CAP));
  });

  it('another physician is refused, a member finds nothing', async () => {
    const ana = await memberWithSession(t.server);
    const coach = track(await onlinePhysician(t.server, t.url));
    const other = track(await onlinePhysician(t.server, t.url));
    await insertAppointment(t, { memberId: ana.user.id, state: S.S3_COACH_JOINS_CALL, mxDoctorId: coach.user.id });
    expect((await list(t, coach.user.id, other.token)).status).toBe(403);
    expect((await list(t, coach.user.id, ana.token)).status).toBe(404);
    expect((await list(t, ana.user.id, ana.token)).status).toBe(404);
    expect((await request(t.url, `/api/physicians/${coach.user.id}/consultations`)).status).toBe(401);
  });
});
