import { describe, expect, it } from 'vitest';
import {
  allergyConflicts,
  buildDirections,
  distanceMiles,
  icd10Text,
  isControlled,
  prescriptionLineInputSchema,
  prescriptionReadiness,
  quantityText,
} from './prescribing';

const line = { rxcui: '308191', dose: 1, doseUnit: 'capsule', route: 'oral', frequency: 'every-8-hours', durationDays: 10, quantity: 30, quantityUnit: 'capsule', daysSupply: 10, refills: 0, substitutionAllowed: true, diagnosisCode: 'J02.9' } as const;

describe('structured prescription line', () => {
  it('accepts a complete line and names each missing or wrong field with its key', () => {
    expect(prescriptionLineInputSchema.safeParse(line).success).toBe(true);
    const issues = (input: unknown) => prescriptionLineInputSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...line, rxcui: 'abc' })).toEqual([['rxcui', 'rx_medication_required']]);
    expect(issues({ ...line, dose: 0 })).toEqual([['dose', 'rx_dose_required']]);
    expect(issues({ ...line, daysSupply: 91 })).toEqual([['daysSupply', 'rx_days_supply_invalid']]);
    expect(issues({ ...line, refills: 12 })).toEqual([['refills', 'rx_refills_invalid']]);
    expect(issues({ ...line, diagnosisCode: 'X00' })).toEqual([['diagnosisCode', 'rx_diagnosis_required']]);
    expect(issues({ ...line, frequency: 'sometimes' })).toEqual([['frequency', 'rx_frequency_required']]);
  });
});

describe('directions in the reader’s language', () => {
  it.each([
    ['es', line, 'Tomar 1 cápsula por vía oral cada 8 horas durante 10 días.'],
    ['en', line, 'Take 1 capsule by mouth every 8 hours for 10 days.'],
    ['en', { ...line, dose: 2, doseUnit: 'puff', route: 'inhalation', frequency: 'as-needed', durationDays: 1 }, 'Inhale 2 puffs as needed for 1 day.'],
    ['es', { ...line, dose: 2, doseUnit: 'puff', route: 'inhalation', frequency: 'every-12-hours', durationDays: 30 }, 'Aplicar 2 inhalaciones cada 12 horas durante 30 días.'],
    ['en', { ...line, dose: 10, doseUnit: 'unit', route: 'subcutaneous', frequency: 'at-bedtime', durationDays: 30 }, 'Inject 10 units under the skin (injection) at bedtime for 30 days.'],
    ['es', { ...line, dose: 1, doseUnit: 'application', route: 'topical', frequency: 'twice-daily', durationDays: 7 }, 'Aplicar 1 aplicación sobre la piel dos veces al día durante 7 días.'],
  ] as const)('%s: %s', (lang, l, expected) => expect(buildDirections(l, lang)).toBe(expected));
  it('quantity with units and ICD-10 text', () => {
    expect(quantityText(30, 'tablet', 'es')).toBe('30 tabletas');
    expect(quantityText(1, 'drop', 'en')).toBe('1 drop');
    expect(quantityText(2.5, 'mL', 'es')).toBe('2.5 mL'); // es-MX writes decimals with a point
    expect(icd10Text('N39.0', 'es')).toBe('Infección de vías urinarias, sitio no especificado');
    expect(icd10Text('nope', 'en')).toBeUndefined();
  });
});

describe('allergy check by drug class', () => {
  const amoxicillin = { ingredient: 'amoxicillin', drugClass: 'penicillin' } as const;
  it('matches a class term or the ingredient, in either language, accents and case ignored', () => {
    expect(allergyConflicts(['Penicilina'], amoxicillin)).toEqual(['Penicilina']);
    expect(allergyConflicts(['AMOXICILINA (ronchas)'], amoxicillin)).toEqual(['AMOXICILINA (ronchas)']);
    expect(allergyConflicts(['sulfa', 'látex'], { ingredient: 'sulfamethoxazole / trimethoprim', drugClass: 'sulfonamide' })).toEqual(['sulfa']);
    expect(allergyConflicts(['Aspirina'], { ingredient: 'ibuprofen', drugClass: 'nsaid' })).toEqual(['Aspirina']);
  });
  it('does not warn for unrelated allergies', () => {
    expect(allergyConflicts(['Látex', 'Polen', ''], amoxicillin)).toEqual([]);
    expect(allergyConflicts(['Penicilina'], { ingredient: 'azithromycin', drugClass: 'macrolide' })).toEqual([]);
  });
  it('controlled substances are those with a DEA schedule', () => {
    expect(isControlled({ schedule: 'CIV' })).toBe(true);
    expect(isControlled({ schedule: null })).toBe(false);
  });
});

describe('readiness before escalation', () => {
  const ready = { location: { country: 'US', state: 'CA' }, address: { zipCode: '94110', city: 'San Francisco', state: 'CA' }, phoneNumber: '+14155550100', pharmacy: { pharmStoreName: 'Mission' } };
  it('is ready with state, address, phone and (in California) a pharmacy', () => expect(prescriptionReadiness(ready)).toEqual([]));
  it('lists what is missing', () => {
    expect(prescriptionReadiness({ ...ready, pharmacy: null })).toEqual(['pharmacy']);
    expect(prescriptionReadiness({ ...ready, address: { zipCode: '94110' }, phoneNumber: ' ' })).toEqual(['address', 'phone']);
    expect(prescriptionReadiness({ ...ready, location: { country: 'US', state: 'NY' } })).toEqual(['state']);
    expect(prescriptionReadiness({ ...ready, location: { country: 'MX', state: 'CDMX' } })).toEqual(['state']);
  });
  it('delivery is only for California: elsewhere no pharmacy is needed', () => {
    expect(prescriptionReadiness({ ...ready, location: { country: 'US', state: 'TX' }, pharmacy: null })).toEqual([]);
  });
  it('distance in miles', () => {
    // San Francisco to Oakland, about 8 miles.
    expect(distanceMiles({ lat: 37.7749, lon: -122.4194 }, { lat: 37.8044, lon: -122.2712 })).toBeCloseTo(8.4, 0);
  });
});
