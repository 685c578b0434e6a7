import { describe, expect, it } from 'vitest';
import { overwrittenFields } from './concurrent-edits';

describe('overwrittenFields', () => {
  it('refuses a field a colleague changed since the writer read it', () => {
    expect(overwrittenFields({ 'plan.conclusions': 'Hers' }, { 'plan.conclusions': 'Mine' }, { 'plan.conclusions': 'Before' })).toEqual(['plan.conclusions']);
  });

  it('takes a field nobody changed since, one changed to what she writes, and one without a base', () => {
    const current = { internalNotes: 'Before', 'plan.conclusions': 'Same', 'plan.recomendations': 'Hers' };
    const written = { internalNotes: 'Mine', 'plan.conclusions': 'Same', 'plan.recomendations': 'Mine' };
    expect(overwrittenFields(current, written, { internalNotes: 'Before', 'plan.conclusions': 'Before' })).toEqual([]);
  });

  it('reads absent, null and empty alike, and checks only the fields written', () => {
    expect(overwrittenFields({ internalNotes: null }, { internalNotes: 'Mine' }, { internalNotes: '' })).toEqual([]);
    expect(overwrittenFields({ internalNotes: 'Hers' }, { internalNotes: 'Mine' }, { internalNotes: '' })).toEqual(['internalNotes']);
    expect(overwrittenFields({ internalNotes: 'Hers', 'plan.conclusions': 'Hers' }, { 'plan.conclusions': undefined }, { internalNotes: '', 'plan.conclusions': '' })).toEqual([]);
  });

  it('refuses emptying a field a colleague has written since', () => {
    expect(overwrittenFields({ internalNotes: 'Hers' }, { internalNotes: '' }, { internalNotes: 'Before' })).toEqual(['internalNotes']);
  });
});
