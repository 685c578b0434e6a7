import { describe, expect, it } from 'vitest';
import { mergeEditedList, overwrittenFields } from './concurrent-edits';

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

describe('mergeEditedList', () => {
  const names = (current: string[], base: string[], next: string[]) => mergeEditedList(current, base, next, (s) => s);

  it('keeps what someone else added since, and applies what she took out and put in', () => {
    // The clinician read [Penicilina, Sulfas], took out Sulfas and put in Látex; the member had added Polen meanwhile.
    expect(names(['Penicilina', 'Sulfas', 'Polen'], ['Penicilina', 'Sulfas'], ['Penicilina', 'Látex'])).toEqual(['Penicilina', 'Polen', 'Látex']);
  });

  it('does not bring back what someone else took out since, nor add twice what both added', () => {
    expect(names(['Penicilina'], ['Penicilina', 'Sulfas'], ['Penicilina', 'Sulfas'])).toEqual(['Penicilina']);
    expect(names(['Penicilina', 'Látex'], ['Penicilina'], ['penicilina ', 'látex'])).toEqual(['Penicilina', 'Látex']);
  });

  it('an item she kept unchanged keeps the record’s version; one she changed takes hers', () => {
    type Surgery = { name: string; date: string | null };
    const merge = (current: Surgery[], base: Surgery[], next: Surgery[]) => mergeEditedList(current, base, next, (s) => s.name, (a, b) => a.date === b.date);
    const dated = { name: 'Apendicectomía', date: '2019-05-01' };
    expect(merge([dated], [{ name: 'Apendicectomía', date: null }], [{ name: 'Apendicectomía', date: null }])).toEqual([dated]);
    expect(merge([dated], [dated], [{ name: 'Apendicectomía', date: '2018-05-01' }])).toEqual([{ name: 'Apendicectomía', date: '2018-05-01' }]);
  });
});
