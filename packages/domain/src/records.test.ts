import { describe, expect, it } from 'vitest';
import * as records from './records';
import { APPOINTMENT_STATE as S } from './appointment-machine';
import {
  formatIssueDate,
  isReplyOverdue,
  issueDateFormat,
  myPrescriptionState,
  parseIssueDate,
  pushActionForChange,
  prescriptionDirections,
  replyDueAt,
  supportHelpTopicsFor,
} from './records';

describe('my prescription states (spec 4): pending, loading, ready, cancelled appointment', () => {
  it.each([
    [S.TREAT_PENDING, false, 'pending'],
    [S.S9_ER_ENDS_CALL, false, 'pending'],
    [S.TREAT_PENDING, true, 'loading'],
    [S.TREAT_COMPLETED, false, 'ready'],
    [S.S12_CANCELED, false, 'cancelled-appointment'],
    [S.SCHEDULED_CANCELED, true, 'cancelled-appointment'],
  ] as const)('%s (loading %s) -> %s', (state, loading, expected) => {
    expect(myPrescriptionState({ state, loading })).toBe(expected);
  });
});

describe('prescription directions are structured parts', () => {
  it('dose, route, frequency, duration and quantity in that order; empty parts left out; sig is not a part', () => {
    expect(prescriptionDirections({ code: '1', codeSystem: 'RxNorm', name: 'X', dosage: '1 tablet', freq: 'every 8 hours', duration: ' ', qty: '21', sig: 'with food', route: 'oral' })).toEqual([
      { part: 'dose', value: '1 tablet' },
      { part: 'route', value: 'oral' },
      { part: 'frequency', value: 'every 8 hours' },
      { part: 'quantity', value: '21' },
    ]);
  });
});

describe('the issue date (spec 5): DD/MM/YYYY, MM/DD/YYYY for US members', () => {
  it('formats and parses in the member format', () => {
    expect([issueDateFormat('US'), issueDateFormat('MX'), issueDateFormat(null)]).toEqual(['MM/DD/YYYY', 'DD/MM/YYYY', 'DD/MM/YYYY']);
    expect(formatIssueDate('2026-03-07', 'US')).toBe('03/07/2026');
    expect(formatIssueDate('2026-03-07', 'MX')).toBe('07/03/2026');
    expect(parseIssueDate('03/07/2026', 'US')).toBe('2026-03-07');
    expect(parseIssueDate('03/07/2026', 'MX')).toBe('2026-07-03');
    expect(parseIssueDate('31/02/2026', 'MX')).toBeUndefined();
    expect(parseIssueDate('2026-03-07', 'MX')).toBeUndefined();
  });
});

describe('support', () => {
  it('the B2B membership topic is hidden for organization members (spec 6)', () => {
    expect(supportHelpTopicsFor({ organizationId: null })).toContain('b2b_membership');
    expect(supportHelpTopicsFor({ organizationId: 'org' })).not.toContain('b2b_membership');
  });
  it('a request is overdue 48 hours after it arrived while it is new or in progress', () => {
    const createdAt = new Date('2026-11-23T10:00:00Z');
    expect(replyDueAt(createdAt).toISOString()).toBe('2026-11-25T10:00:00.000Z');
    const later = new Date('2026-11-25T10:00:01Z');
    expect(isReplyOverdue({ status: 'new', createdAt }, later)).toBe(true);
    expect(isReplyOverdue({ status: 'in_progress', createdAt }, later)).toBe(true);
    expect(isReplyOverdue({ status: 'answered', createdAt }, later)).toBe(false);
    expect(isReplyOverdue({ status: 'new', createdAt }, new Date('2026-11-25T09:59:59Z'))).toBe(false);
  });
});

describe('push actions for a change of the member consultation (spec 4)', () => {
  it.each([
    [S.S12_CANCELED, S.S3_COACH_JOINS_CALL, 'canceled-by-admin', 'CANCELLED_CONSULTATION'],
    [S.S12_CANCELED, S.S1_IN_QUEUE_FOR_COACH, 'timeout-by-coach', 'TECHNICAL_ISSUES_NO_COACH'],
    [S.S12_CANCELED, S.S1_IN_QUEUE_FOR_COACH, 'no-coaches', 'TECHNICAL_ISSUES_NO_COACH'],
    [S.S12_CANCELED, S.S1_IN_QUEUE_FOR_COACH, 'canceled-by-socio', null],
    [S.TREAT_COMPLETED, S.TREAT_PENDING, null, 'TREAT_COMPLETED'],
    [S.S11_FINISHED, S.S4_COACH_ENDS_CALL, null, 'GO_TO_FINISHED_APPOINTMENT'],
    [S.S11_FINISHED, S.TREAT_COMPLETED, null, null],
    [S.S3_COACH_JOINS_CALL, S.S2_COACH_IS_REVIEWING, null, null],
    [S.S11_FINISHED, S.S9_ER_ENDS_CALL, 'treat_info_completed', 'TREAT_COMPLETED'],
    [S.S12_CANCELED, S.S3_COACH_JOINS_CALL, 'technical_issues_no_coach', 'TECHNICAL_ISSUES_NO_COACH'],
  ] as const)('%s from %s (%s) -> %s', (state, previousState, statusReason, expected) => {
    expect(pushActionForChange({ state, previousState, statusReason })).toBe(expected);
  });
});

describe('the address form (profile)', () => {
  it('state and city required; a US zip has five digits', () => {
    const { addressFormSchema } = records;
    expect(addressFormSchema.safeParse({ country: 'US', state: 'CA', city: 'San Francisco', zipCode: '94103' }).success).toBe(true);
    expect(addressFormSchema.safeParse({ country: 'MX', state: 'CDMX', city: 'Coyoacán' }).success).toBe(true);
    const bad = addressFormSchema.safeParse({ country: 'US', state: '', city: ' ', zipCode: '941' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message]).sort()).toEqual([
      ['city', 'mandatory_form_city_placeholder'],
      ['state', 'mandatory_form_state_placeholder'],
      ['zipCode', 'address_zip_error'],
    ]);
    expect(addressFormSchema.safeParse({ country: 'US', state: 'CA', city: 'SF', zipCode: '941' }).error?.issues[0]).toMatchObject({ path: ['zipCode'], message: 'address_zip_error' });
  });
});
