import { SELF_ASSESSMENT_SYMPTOMS } from '@puente/domain';
import type { TFunction } from 'i18next';

const KNOWN = new Set<string>(SELF_ASSESSMENT_SYMPTOMS);

/** The symptoms as the reader says them (the member ticked keys; anything else is shown as written). */
export const symptomLabels = (t: TFunction, symptoms: readonly string[]): string =>
  symptoms.map((s) => (KNOWN.has(s) ? t(`symptom_${s}`) : s)).join(', ');
