import { APPOINTMENT_STATE as S } from '@puente/domain';
import { describe, expect, it } from 'vitest';
import { connectionStrengthParamsSchema, createAppointmentDataSchema, joinMethodParamsSchema } from './appointments';
import { parseAppointmentAlert } from './realtime';

const alert = {
  appointmentId: 'a1',
  state: S.S2_COACH_IS_REVIEWING,
  statusReason: null,
  previousState: S.S1_IN_QUEUE_FOR_COACH,
  type: 'on-demand',
  memberId: 'm1',
  mxDoctorId: 'c1',
  usDoctorId: null,
  usDoctorNeeded: false,
  at: '2026-11-23T16:00:00.000Z',
};

describe('parseAppointmentAlert (spec 8: an alert without state or appointmentId is ignored and logged)', () => {
  it('accepts a whole alert', () => {
    expect(parseAppointmentAlert(alert)).toEqual(alert);
  });
  it.each([
    ['no state', { ...alert, state: undefined }],
    ['no appointmentId', { ...alert, appointmentId: undefined }],
    ['an empty appointmentId', { ...alert, appointmentId: '' }],
    ['an unknown state', { ...alert, state: '13-nowhere' }],
    ['not an object', 'S2'],
    ['null', null],
  ])('answers null for %s', (_what, payload) => {
    expect(parseAppointmentAlert(payload)).toBeNull();
  });
});

describe('appointment request shapes', () => {
  it('connection strength is 1, 2 or 3 (spec 7)', () => {
    for (const value of ['1', '2', '3']) expect(connectionStrengthParamsSchema.parse({ id: 'a', value }).value).toBe(Number(value));
    for (const value of ['0', '4', '1.5', 'good']) expect(connectionStrengthParamsSchema.safeParse({ id: 'a', value }).success).toBe(false);
  });
  it('join method is app or link (spec 7)', () => {
    expect(joinMethodParamsSchema.safeParse({ id: 'a', method: 'link' }).success).toBe(true);
    expect(joinMethodParamsSchema.safeParse({ id: 'a', method: 'sms' }).success).toBe(false);
  });
  it('the location needs state and city with the spec message keys (spec 5)', () => {
    const res = createAppointmentDataSchema.safeParse({ practice: 'health', location: { country: 'MX', state: ' ', city: '' } });
    expect(res.success).toBe(false);
    expect(res.error!.issues.map((i) => i.message)).toEqual(['mandatory_form_state_placeholder', 'mandatory_form_city_placeholder']);
  });
});
