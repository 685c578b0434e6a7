/**
 * Safe prescribing (issue 11/12; spec 000 §3 prescriptions, Pharmacy; §4 TREAT_PENDING ->
 * TREAT_COMPLETED; spec 001 §6 "a provider licensed in the member's state can"). Pure rules: the
 * structured prescription line, directions built from its fields in the reader's language, the
 * allergy check by drug class, the controlled-substance refusal and the readiness check before a
 * US doctor is asked for.
 */
import * as z from 'zod/mini';
import { canDeliverPrescription } from './access-rules';
import { SERVICE_SCOPE, type Language } from './constants';
import { safeString, trimmedSafeString } from './validation/text';
import type { ReadinessItem } from './handoff';
import { DOSE_FREQUENCIES, DOSE_ROUTES, DOSE_UNITS } from './prescription-basics';

export * from './prescription-basics';

export const RXNORM_CODE_SYSTEM = 'RXNORM';

/** Drug classes of the formulary; the allergy check matches a member's allergies against these. */
export const DRUG_CLASSES = [
  'penicillin',
  'cephalosporin',
  'macrolide',
  'fluoroquinolone',
  'sulfonamide',
  'tetracycline',
  'nitrofuran',
  'nitroimidazole',
  'lincosamide',
  'nsaid',
  'analgesic',
  'opioid',
  'benzodiazepine',
  'stimulant',
  'ace-inhibitor',
  'arb',
  'beta-blocker',
  'calcium-channel-blocker',
  'thiazide',
  'loop-diuretic',
  'statin',
  'biguanide',
  'sulfonylurea',
  'dpp4-inhibitor',
  'sglt2-inhibitor',
  'thyroid',
  'ppi',
  'h2-blocker',
  'antiemetic',
  'antihistamine',
  'corticosteroid',
  'bronchodilator',
  'leukotriene-antagonist',
  'ssri',
  'snri',
  'antidepressant',
  'anticonvulsant',
  'antiviral',
  'antifungal',
  'contraceptive',
  'triptan',
  'muscle-relaxant',
  'anticoagulant',
  'urinary',
  'dermatologic',
  'ophthalmic-antibiotic',
  'other',
] as const;
export type DrugClass = (typeof DRUG_CLASSES)[number];

/** DEA schedules: any of these is refused by the local e-prescribing default (it needs a certified EPCS vendor). */
export const CONTROLLED_SCHEDULES = ['CII', 'CIII', 'CIV', 'CV'] as const;
export type ControlledSchedule = (typeof CONTROLLED_SCHEDULES)[number];

/** One entry of the medication directory (RxNorm clinical drug). */
export const medicationSchema = z.object({
  rxcui: safeString().check(z.regex(/^\d{1,10}$/)),
  name: safeString().check(z.minLength(1)),
  ingredient: safeString().check(z.minLength(1)),
  strength: safeString(),
  doseForm: safeString(),
  route: z.enum(DOSE_ROUTES),
  drugClass: z.enum(DRUG_CLASSES),
  schedule: z.nullable(z.enum(CONTROLLED_SCHEDULES)),
  /** What is counted when dispensing (tablet, capsule, mL...). */
  dispenseUnit: z.enum(DOSE_UNITS),
});
export type Medication = z.infer<typeof medicationSchema>;

export const isControlled = (m: Pick<Medication, 'schedule'>): boolean => m.schedule !== null;

/**
 * Words (en and es, lower case, unaccented) a member may have written in her allergies for each
 * class; an ingredient name always matches too.
 */
export const ALLERGY_TERMS: Partial<Record<DrugClass, readonly string[]>> = {
  penicillin: ['penicillin', 'penicilina', 'amoxicillin', 'amoxicilina', 'ampicillin', 'ampicilina', 'dicloxacillin', 'augmentin'],
  cephalosporin: ['cephalosporin', 'cefalosporina', 'cephalexin', 'cefalexina', 'keflex', 'cefuroxime', 'cefuroxima', 'cefdinir', 'ceftriaxone'],
  macrolide: ['macrolide', 'macrolido', 'azithromycin', 'azitromicina', 'erythromycin', 'eritromicina', 'clarithromycin', 'claritromicina'],
  fluoroquinolone: ['quinolone', 'quinolona', 'fluoroquinolone', 'fluoroquinolona', 'ciprofloxacin', 'ciprofloxacino', 'levofloxacin', 'levofloxacino'],
  sulfonamide: ['sulfa', 'sulfonamide', 'sulfonamida', 'sulfamethoxazole', 'sulfametoxazol', 'bactrim', 'trimethoprim'],
  tetracycline: ['tetracycline', 'tetraciclina', 'doxycycline', 'doxiciclina', 'minocycline', 'minociclina'],
  nsaid: ['nsaid', 'aine', 'aines', 'antiinflamatorio', 'anti-inflamatorio', 'ibuprofen', 'ibuprofeno', 'naproxen', 'naproxeno', 'aspirin', 'aspirina', 'diclofenac', 'diclofenaco', 'meloxicam', 'ketorolac', 'ketorolaco'],
  opioid: ['opioid', 'opioide', 'opiate', 'opiaceo', 'codeine', 'codeina', 'morphine', 'morfina', 'tramadol', 'hydrocodone', 'oxycodone'],
  'ace-inhibitor': ['ace inhibitor', 'ieca', 'lisinopril', 'enalapril', 'captopril'],
  statin: ['statin', 'estatina', 'atorvastatin', 'atorvastatina', 'simvastatin', 'simvastatina', 'rosuvastatin', 'rosuvastatina'],
  benzodiazepine: ['benzodiazepine', 'benzodiacepina', 'alprazolam', 'lorazepam', 'diazepam', 'clonazepam'],
  nitrofuran: ['nitrofurantoin', 'nitrofurantoina', 'macrobid'],
  nitroimidazole: ['metronidazole', 'metronidazol', 'flagyl', 'tinidazole', 'tinidazol'],
  lincosamide: ['clindamycin', 'clindamicina'],
  ssri: ['ssri', 'isrs', 'sertraline', 'sertralina', 'fluoxetine', 'fluoxetina', 'escitalopram', 'citalopram', 'paroxetine', 'paroxetina'],
  anticonvulsant: ['anticonvulsant', 'anticonvulsivo', 'gabapentin', 'gabapentina', 'lamotrigine', 'lamotrigina', 'carbamazepine', 'carbamazepina'],
  corticosteroid: ['corticosteroid', 'corticoide', 'corticosteroide', 'prednisone', 'prednisona', 'dexamethasone', 'dexametasona'],
};

const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/**
 * The member's allergies that concern this medication: an allergy naming the ingredient, or a term
 * of the drug's class (spec 3 member `alergies`, free text). Empty when nothing matches.
 */
export const allergyConflicts = (allergies: readonly string[], med: Pick<Medication, 'ingredient' | 'drugClass'>): string[] => {
  const terms = [...(ALLERGY_TERMS[med.drugClass] ?? []), ...fold(med.ingredient).split(/\s*\/\s*|\s+and\s+/)].map(fold).filter((t) => t.length >= 4);
  return allergies.filter((a) => {
    const text = fold(a);
    if (!text) return false;
    return terms.some((t) => text.includes(t) || (text.length >= 4 && t.includes(text)));
  });
};

/** A short list of common outpatient ICD-10-CM codes with their text in both languages. */
export const ICD10_CODES = [
  { code: 'J02.9', en: 'Acute pharyngitis, unspecified', es: 'Faringitis aguda, no especificada' },
  { code: 'J02.0', en: 'Streptococcal pharyngitis', es: 'Faringitis estreptocócica' },
  { code: 'J01.90', en: 'Acute sinusitis, unspecified', es: 'Sinusitis aguda, no especificada' },
  { code: 'J06.9', en: 'Acute upper respiratory infection, unspecified', es: 'Infección aguda de las vías respiratorias superiores, no especificada' },
  { code: 'J20.9', en: 'Acute bronchitis, unspecified', es: 'Bronquitis aguda, no especificada' },
  { code: 'J30.9', en: 'Allergic rhinitis, unspecified', es: 'Rinitis alérgica, no especificada' },
  { code: 'J45.909', en: 'Unspecified asthma, uncomplicated', es: 'Asma no especificada, sin complicaciones' },
  { code: 'H10.9', en: 'Unspecified conjunctivitis', es: 'Conjuntivitis no especificada' },
  { code: 'H66.90', en: 'Otitis media, unspecified, unspecified ear', es: 'Otitis media, no especificada' },
  { code: 'N39.0', en: 'Urinary tract infection, site not specified', es: 'Infección de vías urinarias, sitio no especificado' },
  { code: 'N30.00', en: 'Acute cystitis without hematuria', es: 'Cistitis aguda sin hematuria' },
  { code: 'B37.3', en: 'Candidiasis of vulva and vagina', es: 'Candidiasis de vulva y vagina' },
  { code: 'N76.0', en: 'Acute vaginitis', es: 'Vaginitis aguda' },
  { code: 'A09', en: 'Infectious gastroenteritis and colitis, unspecified', es: 'Gastroenteritis y colitis infecciosas, no especificadas' },
  { code: 'K21.9', en: 'Gastro-esophageal reflux disease without esophagitis', es: 'Enfermedad por reflujo gastroesofágico sin esofagitis' },
  { code: 'K59.00', en: 'Constipation, unspecified', es: 'Estreñimiento, no especificado' },
  { code: 'R11.2', en: 'Nausea with vomiting, unspecified', es: 'Náuseas con vómito, no especificadas' },
  { code: 'R51.9', en: 'Headache, unspecified', es: 'Cefalea, no especificada' },
  { code: 'G43.909', en: 'Migraine, unspecified, not intractable', es: 'Migraña, no especificada, no intratable' },
  { code: 'M54.50', en: 'Low back pain, unspecified', es: 'Lumbalgia, no especificada' },
  { code: 'M79.1', en: 'Myalgia', es: 'Mialgia' },
  { code: 'M25.50', en: 'Pain in unspecified joint', es: 'Dolor articular no especificado' },
  { code: 'L01.00', en: 'Impetigo, unspecified', es: 'Impétigo, no especificado' },
  { code: 'L03.90', en: 'Cellulitis, unspecified', es: 'Celulitis, no especificada' },
  { code: 'L20.9', en: 'Atopic dermatitis, unspecified', es: 'Dermatitis atópica, no especificada' },
  { code: 'L70.0', en: 'Acne vulgaris', es: 'Acné vulgar' },
  { code: 'B35.4', en: 'Tinea corporis', es: 'Tiña del cuerpo' },
  { code: 'B00.1', en: 'Herpesviral vesicular dermatitis', es: 'Dermatitis vesicular por herpesvirus' },
  { code: 'I10', en: 'Essential (primary) hypertension', es: 'Hipertensión esencial (primaria)' },
  { code: 'E11.9', en: 'Type 2 diabetes mellitus without complications', es: 'Diabetes mellitus tipo 2 sin complicaciones' },
  { code: 'E78.5', en: 'Hyperlipidemia, unspecified', es: 'Hiperlipidemia, no especificada' },
  { code: 'E03.9', en: 'Hypothyroidism, unspecified', es: 'Hipotiroidismo, no especificado' },
  { code: 'F41.1', en: 'Generalized anxiety disorder', es: 'Trastorno de ansiedad generalizada' },
  { code: 'F32.9', en: 'Major depressive disorder, single episode, unspecified', es: 'Trastorno depresivo mayor, episodio único, no especificado' },
  { code: 'G47.00', en: 'Insomnia, unspecified', es: 'Insomnio, no especificado' },
  { code: 'T78.40XA', en: 'Allergy, unspecified, initial encounter', es: 'Alergia, no especificada, contacto inicial' },
  { code: 'Z30.011', en: 'Encounter for initial prescription of contraceptive pills', es: 'Consulta para prescripción inicial de anticonceptivos orales' },
  { code: 'U07.1', en: 'COVID-19', es: 'COVID-19' },
  { code: 'J10.1', en: 'Influenza with other respiratory manifestations', es: 'Influenza con otras manifestaciones respiratorias' },
  { code: 'R05.9', en: 'Cough, unspecified', es: 'Tos, no especificada' },
] as const;
export type Icd10Code = (typeof ICD10_CODES)[number]['code'];
export const icd10Text = (code: string, lang: Language): string | undefined => ICD10_CODES.find((c) => c.code === code)?.[lang];

const positive = (max: number, message: string) => z.number({ error: message }).check(z.positive({ message }), z.lte(max, { message }));
const wholeNumber = (min: number, max: number, message: string) => z.int({ error: message }).check(z.gte(min, { message }), z.lte(max, { message }));

/** One prescription line as the US doctor writes it: every field structured (no free-typed code). */
export const prescriptionLineInputSchema = z.object({
  rxcui: safeString({ error: 'rx_medication_required' }).check(z.trim(), z.regex(/^\d{1,10}$/, { message: 'rx_medication_required' })),
  dose: positive(10_000, 'rx_dose_required'),
  doseUnit: z.enum(DOSE_UNITS, { error: 'rx_dose_unit_required' }),
  route: z.enum(DOSE_ROUTES, { error: 'rx_route_required' }),
  frequency: z.enum(DOSE_FREQUENCIES, { error: 'rx_frequency_required' }),
  durationDays: wholeNumber(1, 365, 'rx_duration_required'),
  quantity: positive(10_000, 'rx_quantity_required'),
  quantityUnit: z.enum(DOSE_UNITS, { error: 'rx_quantity_unit_required' }),
  daysSupply: wholeNumber(1, 90, 'rx_days_supply_invalid'),
  refills: wholeNumber(0, 11, 'rx_refills_invalid'),
  substitutionAllowed: z.boolean({ error: 'rx_substitution_required' }),
  diagnosisCode: z.enum(ICD10_CODES.map((c) => c.code) as [Icd10Code, ...Icd10Code[]], { error: 'rx_diagnosis_required' }),
  /** Required (and recorded) when the line conflicts with the member's allergies. */
  allergyOverrideReason: z.nullish(trimmedSafeString(500)),
});
export type PrescriptionLineInput = z.infer<typeof prescriptionLineInputSchema>;

/** The draft the US doctor saves: one to ten lines. */
export const prescriptionDraftInputSchema = z.object({
  lines: z.array(prescriptionLineInputSchema).check(z.minLength(1, { message: 'prescriptions_required' }), z.maxLength(10)),
});
export type PrescriptionDraftInput = z.infer<typeof prescriptionDraftInputSchema>;

/** Why a consultation that needed a prescription ends without one (recorded). */
export const NO_PRESCRIPTION_REASONS = ['not-clinically-indicated', 'member-declined', 'referred-in-person', 'needs-controlled-substance', 'other'] as const;
export type NoPrescriptionReason = (typeof NO_PRESCRIPTION_REASONS)[number];
export const noPrescriptionInputSchema = z.object({
  reason: z.enum(NO_PRESCRIPTION_REASONS, { error: 'rx_no_prescription_reason_required' }),
  note: z.nullish(trimmedSafeString(500)),
});


export interface ReadinessInput {
  /** The consultation's location (state the member is in). */
  location?: { country?: string | null; state?: string | null } | null;
  address?: { zipCode?: string | null; city?: string | null; state?: string | null } | null;
  phoneNumber?: string | null;
  pharmacy?: { pharmStoreName?: unknown; pharmZip?: unknown } | null;
}

/**
 * The items still missing for a prescription to be written and sent: empty when ready. The state
 * must be a US full-care state (spec 1/6); a pharmacy is needed only where prescriptions are
 * delivered (California, spec 6); elsewhere the member takes the signed prescription herself.
 */
export const prescriptionReadiness = (m: ReadinessInput): ReadinessItem[] => {
  const missing: ReadinessItem[] = [];
  const state = m.location?.state?.trim().toUpperCase() ?? '';
  const country = (m.location?.country ?? 'US').toUpperCase();
  if (!state || country !== 'US' || !(SERVICE_SCOPE.fullCareUsStates as readonly string[]).includes(state)) missing.push('state');
  if (!m.address?.zipCode?.trim() || !m.address.city?.trim() || !m.address.state?.trim()) missing.push('address');
  if (!m.phoneNumber?.trim()) missing.push('phone');
  const delivery = canDeliverPrescription({ country, state });
  if (delivery && (!m.pharmacy || typeof m.pharmacy.pharmStoreName !== 'string' || !m.pharmacy.pharmStoreName)) missing.push('pharmacy');
  return missing;
};

/** A pharmacy zip-code search: a US zip code and a radius in miles. */
export const pharmacySearchSchema = z.object({
  zip: safeString({ error: 'pharmacy_zip_invalid' }).check(z.trim(), z.regex(/^\d{5}$/, { message: 'pharmacy_zip_invalid' })),
  radiusMiles: z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(100))), 25),
});

/** Great-circle distance in miles. */
export const distanceMiles = (a: { lat: number; lon: number }, b: { lat: number; lon: number }): number => {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
};
