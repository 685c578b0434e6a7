import type * as z from 'zod/mini';

/** The message keys a schema gives for `input`, by path ('' for the root); empty when valid. */
export const messagesOf = (schema: z.ZodMiniType, input: unknown): Record<string, string[]> => {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join('.')] ??= []).push(i.message);
  return out;
};

/** The first message for one field, or undefined when that field is fine. */
export const firstMessage = (schema: z.ZodMiniType, input: unknown, path: string): string | undefined => messagesOf(schema, input)[path]?.[0];
