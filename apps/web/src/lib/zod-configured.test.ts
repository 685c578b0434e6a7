import { INVALID_VALUE_KEY, supportFormSchema } from '@puente/domain';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import en from '@/locales/en/common.json';
import es from '@/locales/es/common.json';

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
});
