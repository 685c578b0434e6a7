import { describe, expect, it } from 'vitest';
import { isSafeText, safeFormat, safeString, TEXT_INVALID_CHARACTERS_KEY } from './text';
import { firstMessage } from './test-helpers';
import * as z from 'zod/mini';

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
    expect(firstMessage(z.object({ a: safeString({ error: 'my_key' }).check(z.trim(), z.minLength(1, { message: 'other' })) }), { a: text }, 'a')).toBe('my_key');
    expect(firstMessage(z.object({ a: safeString({ message: 'my_key' }).check(z.regex(/^\d+$/, 'digits')) }), { a: text }, 'a')).toBe('my_key');
  });

  it.each([['plain', 'hola'], ['accents and ñ', 'Ñandú ó'], ['a pair (emoji)', 'ok 😀'], ['empty', ''], ['other controls', 'a\tb\nc']])('accepts %s', (_label, text) => {
    expect(isSafeText(text)).toBe(true);
    expect(safeString().parse(text)).toBe(text);
  });

  it('without a key, one shared schema: chaining on it never changes it for the other fields', () => {
    expect(safeString()).toBe(safeString());
    const shared = safeString();
    const short = shared.check(z.maxLength(2));
    const required = shared.check(z.minLength(1, { message: 'required' }));
    expect(short.safeParse('abc').success).toBe(false);
    expect(required.safeParse('').error?.issues[0]?.message).toBe('required');
    // The shared one still takes any safe text, empty or long.
    expect(shared.parse('')).toBe('');
    expect(shared.parse('abc')).toBe('abc');
    expect(safeString({ error: 'required' })).not.toBe(safeString({ error: 'required' }));
  });

  it('takes checks like z.string() (trim, min, max)', () => {
    expect(safeString().check(z.trim(), z.minLength(1)).parse('  x ')).toBe('x');
    expect(safeString().check(z.maxLength(2)).safeParse('abc').success).toBe(false);
    expect(safeString({ error: 'required' }).safeParse(undefined).error?.issues[0]?.message).toBe('required');
  });

  it('safeFormat: NUL and lone surrogates get the text key first, then the format its own message', () => {
    const id = safeFormat(z.uuid({ message: 'invalid_id' }));
    const message = (v: unknown) => id.safeParse(v).error?.issues.map((i) => i.message);
    expect(message('\u0000')).toEqual([TEXT_INVALID_CHARACTERS_KEY]);
    expect(message('\uD800')).toEqual([TEXT_INVALID_CHARACTERS_KEY]);
    expect(message('nope')).toEqual(['invalid_id']);
    expect(id.parse('7d444840-9dc0-11d1-b245-5ffdce74fad2')).toBe('7d444840-9dc0-11d1-b245-5ffdce74fad2');
  });
});
