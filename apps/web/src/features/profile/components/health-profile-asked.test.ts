import type { MemberDto } from '@puente/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { member } from '@/test/fake-fetch';
import { needsHealthProfile } from './health-profile';

const newMember = (overrides: Record<string, unknown> = {}) => member({ id: 'mem_1', userType: 'member', alergies: [], medications: [], medicalConditions: [], surgeries: [], ...overrides }) as unknown as MemberDto;

afterEach(() => localStorage.clear());

describe('the health profile is asked once, on any device (issue 11)', () => {
  it('a member who never answered is asked', () => {
    expect(needsHealthProfile(newMember({ healthProfileAnsweredAt: null }))).toBe(true);
  });

  it('"nothing to declare" answered on another device: her account remembers it, this device does not ask again', () => {
    expect(needsHealthProfile(newMember({ healthProfileAnsweredAt: '2026-11-20T10:00:00.000Z' }))).toBe(false);
  });

  it('answered on this device (the device memory still counts) or with something on file', () => {
    writeStorage(STORAGE_KEYS.healthProfileAsked, 'mem_1');
    expect(needsHealthProfile(newMember({ healthProfileAnsweredAt: null }))).toBe(false);
    localStorage.clear();
    expect(needsHealthProfile(newMember({ alergies: ['Penicilina'] }))).toBe(false);
  });
});
