/**
 * spec 5 surveys. Ratings are on the 1 to 5 scale (spec 9); an optional rating that is not a
 * number becomes null; a required one that is missing gives form_missing_fields (the spec's
 * generic missing key; it names no other).
 */
import * as z from 'zod/mini';
import { FORM_MISSING_FIELDS, trimmedSafeString } from './text';
import { LIMITS } from '../constants';

const MISSING = FORM_MISSING_FIELDS;

const toNumberOrNull = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Optional rating: non-numeric -> null, else an integer from 1 to 5. */
export const optionalRatingSchema = z.pipe(z.transform(toNumberOrNull), z.nullable(z.int().check(z.gte(LIMITS.ratingMin, { message: MISSING }), z.lte(LIMITS.ratingMax, { message: MISSING }))));

/** Required rating: minimum 1 (and at most 5). */
export const requiredRatingSchema = z.pipe(
  z.transform((v) => toNumberOrNull(v) ?? undefined),
  z.int({ error: MISSING }).check(z.gte(LIMITS.ratingMin, { message: MISSING }), z.lte(LIMITS.ratingMax, { message: MISSING })),
);

/** spec 5: mental-health survey (provider quality). */
export const mentalHealthSurveySchema = z.object({
  abilityConfidence: requiredRatingSchema,
  explainedConsultation: z.pipe(z.optional(optionalRatingSchema), z.transform((v) => v ?? null)),
  showedEmpathy: z.pipe(z.optional(optionalRatingSchema), z.transform((v) => v ?? null)),
  culturallyResponsive: z.pipe(z.optional(optionalRatingSchema), z.transform((v) => v ?? null)),
  wasRespectful: z.pipe(z.optional(optionalRatingSchema), z.transform((v) => v ?? null)),
});
export type MentalHealthSurvey = z.output<typeof mentalHealthSurveySchema>;

/** spec 5: general satisfaction survey. */
export const generalSatisfactionSurveySchema = z.object({
  satisfactionLevel: requiredRatingSchema,
  serviceRating: z.pipe(z.optional(optionalRatingSchema), z.transform((v) => v ?? null)),
  futureUsage: z.pipe(z.optional(optionalRatingSchema), z.transform((v) => v ?? null)),
  comments: z.optional(trimmedSafeString(5000)),
});
export type GeneralSatisfactionSurvey = z.output<typeof generalSatisfactionSurveySchema>;

/** spec 5: submit is disabled while submitting or without a user. */
export const canSubmitSurvey = (s: { submitting: boolean; hasUser: boolean }): boolean => !s.submitting && s.hasUser;
