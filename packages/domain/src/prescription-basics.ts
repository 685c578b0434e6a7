/**
 * The prescription's lists and words (issue 11/12): dose routes, units and frequencies, their texts
 * and the directions written from them in the reader's language, and what must be on file before a
 * prescription can reach a pharmacy. A module of their own, apart from the prescribing rules and
 * schemas (./prescribing.ts: the formulary's classes, the ICD-10 list, the line's input schema), so
 * that the screens that only show a prescription (the record, the consultation's contracts) do not
 * load those with them (issue 10, first load).
 */
import type { Language } from './constants';

export const DOSE_ROUTES = ['oral', 'sublingual', 'topical', 'ophthalmic', 'otic', 'nasal', 'inhalation', 'vaginal', 'rectal', 'transdermal', 'subcutaneous', 'intramuscular'] as const;
export type DoseRoute = (typeof DOSE_ROUTES)[number];

export const DOSE_UNITS = ['tablet', 'capsule', 'mL', 'mg', 'puff', 'drop', 'application', 'patch', 'suppository', 'spray', 'unit', 'g'] as const;
export type DoseUnit = (typeof DOSE_UNITS)[number];

export const DOSE_FREQUENCIES = [
  'once-daily',
  'twice-daily',
  'three-times-daily',
  'four-times-daily',
  'every-4-hours',
  'every-6-hours',
  'every-8-hours',
  'every-12-hours',
  'at-bedtime',
  'once-weekly',
  'as-needed',
  'once',
] as const;
export type DoseFrequency = (typeof DOSE_FREQUENCIES)[number];

const FREQUENCY_TEXT: Record<DoseFrequency, Record<Language, string>> = {
  'once-daily': { en: 'once a day', es: 'una vez al día' },
  'twice-daily': { en: 'twice a day', es: 'dos veces al día' },
  'three-times-daily': { en: 'three times a day', es: 'tres veces al día' },
  'four-times-daily': { en: 'four times a day', es: 'cuatro veces al día' },
  'every-4-hours': { en: 'every 4 hours', es: 'cada 4 horas' },
  'every-6-hours': { en: 'every 6 hours', es: 'cada 6 horas' },
  'every-8-hours': { en: 'every 8 hours', es: 'cada 8 horas' },
  'every-12-hours': { en: 'every 12 hours', es: 'cada 12 horas' },
  'at-bedtime': { en: 'at bedtime', es: 'al acostarse' },
  'once-weekly': { en: 'once a week', es: 'una vez por semana' },
  'as-needed': { en: 'as needed', es: 'según sea necesario' },
  once: { en: 'one time only', es: 'una sola vez' },
};
const ROUTE_TEXT: Record<DoseRoute, Record<Language, string>> = {
  oral: { en: 'by mouth', es: 'por vía oral' },
  sublingual: { en: 'under the tongue', es: 'debajo de la lengua' },
  topical: { en: 'on the skin', es: 'sobre la piel' },
  ophthalmic: { en: 'in the eye', es: 'en el ojo' },
  otic: { en: 'in the ear', es: 'en el oído' },
  nasal: { en: 'in the nose', es: 'en la nariz' },
  inhalation: { en: 'by inhalation', es: 'inhalado' },
  vaginal: { en: 'vaginally', es: 'por vía vaginal' },
  rectal: { en: 'rectally', es: 'por vía rectal' },
  transdermal: { en: 'on the skin (patch)', es: 'sobre la piel (parche)' },
  subcutaneous: { en: 'under the skin (injection)', es: 'debajo de la piel (inyección)' },
  intramuscular: { en: 'into the muscle (injection)', es: 'en el músculo (inyección)' },
};
const UNIT_TEXT: Record<DoseUnit, Record<Language, [string, string]>> = {
  tablet: { en: ['tablet', 'tablets'], es: ['tableta', 'tabletas'] },
  capsule: { en: ['capsule', 'capsules'], es: ['cápsula', 'cápsulas'] },
  mL: { en: ['mL', 'mL'], es: ['mL', 'mL'] },
  mg: { en: ['mg', 'mg'], es: ['mg', 'mg'] },
  g: { en: ['g', 'g'], es: ['g', 'g'] },
  puff: { en: ['puff', 'puffs'], es: ['inhalación', 'inhalaciones'] },
  drop: { en: ['drop', 'drops'], es: ['gota', 'gotas'] },
  application: { en: ['application', 'applications'], es: ['aplicación', 'aplicaciones'] },
  patch: { en: ['patch', 'patches'], es: ['parche', 'parches'] },
  suppository: { en: ['suppository', 'suppositories'], es: ['supositorio', 'supositorios'] },
  spray: { en: ['spray', 'sprays'], es: ['disparo', 'disparos'] },
  unit: { en: ['unit', 'units'], es: ['unidad', 'unidades'] },
};

const number = (n: number, lang: Language): string => new Intl.NumberFormat(lang === 'es' ? 'es-MX' : 'en-US', { maximumFractionDigits: 2 }).format(n);
export const unitText = (unit: DoseUnit, n: number, lang: Language): string => UNIT_TEXT[unit][lang][n === 1 ? 0 : 1];
export const quantityText = (n: number, unit: DoseUnit, lang: Language): string => `${number(n, lang)} ${unitText(unit, n, lang)}`;
export const frequencyText = (f: DoseFrequency, lang: Language): string => FREQUENCY_TEXT[f][lang];
export const routeText = (r: DoseRoute, lang: Language): string => ROUTE_TEXT[r][lang];

export const durationText = (days: number, lang: Language): string =>
  `${number(days, lang)} ${lang === 'es' ? (days === 1 ? 'día' : 'días') : days === 1 ? 'day' : 'days'}`;

const VERB: Record<'take' | 'inhale' | 'inject' | 'apply', Record<Language, string>> = {
  take: { en: 'Take', es: 'Tomar' },
  inhale: { en: 'Inhale', es: 'Aplicar' },
  inject: { en: 'Inject', es: 'Inyectar' },
  apply: { en: 'Apply', es: 'Aplicar' },
};
const verbFor = (route: DoseRoute): keyof typeof VERB =>
  route === 'oral' || route === 'sublingual' ? 'take' : route === 'inhalation' ? 'inhale' : route === 'subcutaneous' || route === 'intramuscular' ? 'inject' : 'apply';

/**
 * The directions (sig) from the structured fields, in the reader's language. The verb already says
 * how an inhaler is used, so "by inhalation" is not repeated.
 */
/** The fields of a prescription line the directions are written from. */
export interface DoseFields {
  dose: number;
  doseUnit: DoseUnit;
  route: DoseRoute;
  frequency: DoseFrequency;
  durationDays: number;
}

export const buildDirections = (line: DoseFields, lang: Language): string => {
  const route = line.route === 'inhalation' ? '' : ` ${routeText(line.route, lang)}`;
  const during = lang === 'es' ? 'durante' : 'for';
  return `${VERB[verbFor(line.route)][lang]} ${quantityText(line.dose, line.doseUnit, lang)}${route} ${frequencyText(line.frequency, lang)} ${during} ${durationText(line.durationDays, lang)}.`;
};

export const isDoseUnit = (v: unknown): v is DoseUnit => (DOSE_UNITS as readonly unknown[]).includes(v);
export const isDoseRoute = (v: unknown): v is DoseRoute => (DOSE_ROUTES as readonly unknown[]).includes(v);
export const isDoseFrequency = (v: unknown): v is DoseFrequency => (DOSE_FREQUENCIES as readonly unknown[]).includes(v);
