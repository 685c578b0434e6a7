import { memberSchema } from '@puente/contracts';
import { INVALID_VALUE_KEY, supportFormSchema } from '@puente/domain';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import en from '@/locales/en/common.json';
import es from '@/locales/es/common.json';
import { lazySchemaCounts } from './zod-configured';

// The web's zod (vite.config.ts aliases zod/mini to zod-configured.ts, tests included).
describe("the web's zod settings", () => {
  it('a check without a key of its own reads the catalogue generic field key, which es and en translate', () => {
    const tooLong = supportFormSchema.safeParse({ helpTopic: 'a', reason: 'b', moreDetails: 'x'.repeat(2_001) });
    expect(tooLong.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['moreDetails', 'invalid_value']]);
    expect(z.object({ n: z.number() }).safeParse({ n: 'one' }).error?.issues[0]?.message).toBe('invalid_value');
    // The domain's key, written out in zod-configured.ts (it cannot import the domain).
    expect(z.number().safeParse('x').error?.issues[0]?.message).toBe(INVALID_VALUE_KEY);
    expect([es.invalid_value, en.invalid_value]).toEqual(['Revisa este dato.', 'Please check this value.']);
  });

  it("a schema's own key wins", () => {
    const missing = supportFormSchema.safeParse({ helpTopic: '', reason: 'b' });
    expect(missing.error?.issues.map((i) => i.message)).toEqual(['customer_support_help_topic_error']);
  });

  it("loading the contracts and the domain builds almost none of their schemas: each is built when it is first used (issue 10, the first scripts' time)", async () => {
    // Loaded afresh (the test files share their modules: others have used schemas by now).
    vi.resetModules();
    const fresh = await import('./zod-configured');
    await import('@puente/contracts');
    await import('@puente/domain');
    expect(fresh.lazySchemaCounts.made).toBeGreaterThan(2_000);
    // (A few are read while their module loads: admin.ts takes fields' defaults from another schema's shape.)
    expect(fresh.lazySchemaCounts.built).toBeLessThan(20);

    const { made, built } = lazySchemaCounts;
    const schema = z.object({ name: z.optional(z.string().check(z.trim(), z.maxLength(3))), age: z.nullable(z.int()) });
    expect(lazySchemaCounts.made).toBeGreaterThan(made);
    expect(lazySchemaCounts.built).toBe(built);
    expect(schema.safeParse({ name: ' ab ', age: null }).data).toEqual({ name: 'ab', age: null });
    expect(lazySchemaCounts.built).toBeGreaterThan(built);
    expect(schema.safeParse({ name: 'abcd', age: 1.5 }).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'invalid_value'],
      ['age', 'invalid_value'],
    ]);
  });

  it('a schema not built yet is the schema in every way but identity: its kind, shape, checks and what zod makes of it', () => {
    const base = z.object({ id: z.string(), tags: z.array(z.enum(['a', 'b'])) });
    expect(base).toBeInstanceOf(z.ZodMiniObject);
    expect('_zod' in base).toBe(true);
    expect(Object.keys(base.shape)).toEqual(['id', 'tags']);
    expect(z.extend(base, { n: z.number() }).safeParse({ id: 'x', tags: ['a'], n: 1 }).success).toBe(true);
    expect(z.partial(base).safeParse({}).success).toBe(true);
    expect(z.pick(base, { id: true }).safeParse({ id: 'x', tags: 'not read' }).data).toEqual({ id: 'x' });
    expect(base.safeParse({ id: 'x', tags: ['c'] }).error?.issues[0]?.path).toEqual(['tags', 0]);
    const checked = z.string().check(z.minLength(2, { message: 'own_key' }));
    expect(checked.safeParse('a').error?.issues[0]?.message).toBe('own_key');
    // A contract's schema, parsed as the app parses an answer.
    expect(memberSchema.safeParse({}).success).toBe(false);
  });
});
