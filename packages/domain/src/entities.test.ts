import { describe, expect, it } from 'vitest';
import { consultationLanguageWith } from './entities';

describe('consultationLanguageWith: the language of a consultation asked of one coach', () => {
  it.each([
    ['her own, when the coach speaks it', ['es', 'en'], null, 'en', 'en'],
    ['the coach\'s, when the coach does not speak hers', ['es'], null, 'en', 'es'],
    ['the one she filtered by, whatever her own', ['es', 'en'], 'es', 'en', 'es'],
    ['her own, for a coach with no languages on record', [], null, 'es', 'es'],
  ] as const)('%s', (_, coach, chosen, own, expected) => {
    expect(consultationLanguageWith(coach, chosen, own)).toBe(expected);
  });
});
