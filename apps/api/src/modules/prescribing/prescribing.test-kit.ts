import type { PrescriptionLineInputDto } from '@puente/contracts';

/** Test fixtures of prescribing (issues 11/12): a line of the local RxNorm formulary. */
export const AMOXICILLIN_500 = '308191';

/** Amoxicillin 500 mg, one capsule every 8 hours for 10 days (a penicillin: an allergy conflict for some members). */
export const amoxicillin = (over: Partial<PrescriptionLineInputDto> = {}): PrescriptionLineInputDto => ({
  rxcui: AMOXICILLIN_500,
  dose: 1,
  doseUnit: 'capsule',
  route: 'oral',
  frequency: 'every-8-hours',
  durationDays: 10,
  quantity: 30,
  quantityUnit: 'capsule',
  daysSupply: 10,
  refills: 0,
  substitutionAllowed: true,
  diagnosisCode: 'J02.9',
  ...over,
});
