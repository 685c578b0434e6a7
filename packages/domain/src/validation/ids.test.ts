import { describe, expect, it } from 'vitest';
import { isUuid } from './ids';

describe('isUuid', () => {
  it.each([
    ['3f2b8c1e-5d4a-4e6f-9a8b-7c6d5e4f3a2b', true],
    ['3F2B8C1E-5D4A-4E6F-9A8B-7C6D5E4F3A2B', true],
    ['00000000-0000-0000-0000-000000000000', true],
    ['3f2b8c1e5d4a4e6f9a8b7c6d5e4f3a2b', false],
    ['------------------------------------', false],
    ['3f2b8c1e-5d4a-4e6f-9a8b-7c6d5e4f3a2', false],
    ['3f2b8c1e-5d4a-4e6f-9a8b-7c6d5e4f3a2bb', false],
    ['g f2b8c1e-5d4a-4e6f-9a8b-7c6d5e4f3a2', false],
    ["3f2b8c1e-5d4a-4e6f-9a8b-7c6d5e4f3a2b' or 1=1", false],
    ['', false],
    [42, false],
    [null, false],
  ] as const)('%j -> %s', (value, expected) => expect(isUuid(value)).toBe(expected));
});
