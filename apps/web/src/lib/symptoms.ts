import type { TFunction } from 'i18next';

/** Ours (the spec names the fields, not the options): common symptoms a member can tick (spec 3 selfAssessment.symptoms). */
export const SYMPTOM_KEYS = ['fever', 'cough', 'headache', 'sore_throat', 'stomach_pain', 'nausea', 'fatigue', 'anxiety', 'sleep', 'other'] as const;
const KNOWN = new Set<string>(SYMPTOM_KEYS);

/** The symptoms as the reader says them (the member ticked keys; anything else is shown as written). */
export const symptomLabels = (t: TFunction, symptoms: readonly string[]): string =>
  symptoms.map((s) => (KNOWN.has(s) ? t(`symptom_${s}`) : s)).join(', ');
