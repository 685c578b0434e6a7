import { describe, expect, it } from 'vitest';
import { isSafeText, safeString, TEXT_INVALID_CHARACTERS_KEY } from './text';
import { firstMessage } from './test-helpers';
import { z } from 'zod';

describe('safeString: NUL and lone surrogates are refused with the field key', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a lone high surrogate at the end', 'ab\uDBFF'],
    ['a lone low surrogate', '\uDC00ab'],
    ['two high surrogates', '\uD800\uD800\uDC00'],
  ])('%s', (_label, text) => {
    expect(isSafeText(text)).toBe(false);
    expect(firstMessage(z.object({ a: safeString() }), { a: text }, 'a')).toBe(TEXT_INVALID_CHARACTERS_KEY);
    // The field's own key when it has one, before any other check of the field.
    expect(firstMessage(z.object({ a: safeString({ error: 'my_key' }).trim().min(1, { message: 'other' }) }), { a: text }, 'a')).toBe('my_key');
    expect(firstMessage(z.object({ a: safeString({ message: 'my_key' }).regex(/^\d+$/, 'digits') }), { a: text }, 'a')).toBe('my_key');
  });

  it.each([['plain', 'hola'], ['accents and ñ', 'Ñandú ó'], ['a pair (emoji)', 'ok 😀'], ['empty', ''], ['other controls', 'a\tb\nc']])('accepts %s', (_label, text) => {
    expect(isSafeText(text)).toBe(true);
    expect(safeString().parse(text)).toBe(text);
  });

  it('without a key, one shared schema: chaining on it never changes it for the other fields', () => {
    expect(safeString()).toBe(safeString());
    const shared = safeString();
    const short = shared.max(2);
    const required = shared.min(1, { message: 'required' });
    expect(short.safeParse('abc').success).toBe(false);
    expect(required.safeParse('').error?.issues[0]?.message).toBe('required');
    // The shared one still takes any safe text, empty or long.
    expect(shared.parse('')).toBe('');
    expect(shared.parse('abc')).toBe('abc');
    expect(safeString({ error: 'required' })).not.toBe(safeString({ error: 'required' }));
  });

  it('chains like z.string() (trim, min, max, uuid)', () => {
    expect(safeString().trim().min(1).parse('  x ')).toBe('x');
    expect(safeString().uuid().safeParse('nope').success).toBe(false);
    expect(safeString({ error: 'required' }).safeParse(undefined).error?.issues[0]?.message).toBe('required');
  });
});
