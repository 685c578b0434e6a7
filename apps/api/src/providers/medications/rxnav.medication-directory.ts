import { DOSE_ROUTES, type DoseRoute, type DoseUnit, type Medication } from '@puente/domain';
import * as z from 'zod/mini';
import type { MedicationDirectory } from './medication-directory.provider';

/** The parts of RxNav's /REST/drugs.json answer we read (SCD concepts). */
export const rxnavDrugsSchema = z.object({
  drugGroup: z.object({
    conceptGroup: z.optional(z.array(z.object({ tty: z.optional(z.string()), conceptProperties: z.optional(z.array(z.object({ rxcui: z.string(), name: z.string(), tty: z.optional(z.string()) }))) }))),
  }),
});

/** The parts of RxTerms' /REST/RxTerms/rxcui/{rxcui}/allinfo.json answer we read. */
export const rxtermsInfoSchema = z.object({
  rxtermsProperties: z.nullish(z.object({
      rxcui: z.string(),
      fullName: z.string(),
      fullGenericName: z.optional(z.string()),
      displayName: z.optional(z.string()),
      strength: z.optional(z.string()),
      rxtermsDoseForm: z.optional(z.string()),
      rxnormDoseForm: z.optional(z.string()),
      route: z.optional(z.string()),
      termType: z.optional(z.string()),
    })),
});

const ROUTES: Record<string, DoseRoute> = { ORAL: 'oral', SUBLINGUAL: 'sublingual', TOPICAL: 'topical', OPHTHALMIC: 'ophthalmic', OTIC: 'otic', NASAL: 'nasal', INHALANT: 'inhalation', INHALATION: 'inhalation', VAGINAL: 'vaginal', RECTAL: 'rectal', TRANSDERMAL: 'transdermal', SUBCUTANEOUS: 'subcutaneous', INTRAMUSCULAR: 'intramuscular', INJECTABLE: 'intramuscular' };

const dispenseUnitOf = (form: string): DoseUnit => {
  const f = form.toLowerCase();
  if (/tab|troche/.test(f)) return 'tablet';
  if (/cap/.test(f)) return 'capsule';
  if (/susp|sol|syrup|elixir|liquid/.test(f) && !/ophth|otic|drop/.test(f)) return 'mL';
  if (/drop|ophth|otic/.test(f)) return 'drop';
  if (/inhal|aerosol/.test(f)) return 'puff';
  if (/spray/.test(f)) return 'spray';
  if (/patch|transdermal/.test(f)) return 'patch';
  if (/suppos/.test(f)) return 'suppository';
  if (/cream|oint|gel|lotion/.test(f)) return 'g';
  return 'unit';
};

/**
 * Maps one RxTerms record to a directory entry. RxTerms knows neither the drug class nor the DEA
 * schedule: `classify` supplies them (the local formulary by ingredient); unknown drugs get the
 * class "other" and are checked against allergies by ingredient name only.
 */
export function medicationFromRxTerms(body: unknown, classify: (ingredient: string) => Pick<Medication, 'drugClass' | 'schedule'> | undefined): Medication | undefined {
  const p = rxtermsInfoSchema.parse(body).rxtermsProperties;
  if (!p) return undefined;
  const route = ROUTES[(p.route ?? '').trim().toUpperCase()];
  if (!route || !(DOSE_ROUTES as readonly string[]).includes(route)) return undefined;
  const doseForm = p.rxnormDoseForm ?? p.rxtermsDoseForm ?? '';
  const ingredient = (p.displayName ?? p.fullGenericName ?? p.fullName).replace(/\s*\(.*$/, '').toLowerCase().trim();
  const known = classify(ingredient);
  return {
    rxcui: p.rxcui,
    name: p.fullGenericName ?? p.fullName,
    ingredient,
    strength: p.strength ?? '',
    doseForm,
    route,
    drugClass: known?.drugClass ?? 'other',
    schedule: known?.schedule ?? null,
    dispenseUnit: dispenseUnitOf(doseForm),
  };
}

/** The SCD concepts of a /REST/drugs.json answer: [rxcui, name]. */
export function clinicalDrugsFromRxNav(body: unknown): { rxcui: string; name: string }[] {
  const groups = rxnavDrugsSchema.parse(body).drugGroup.conceptGroup ?? [];
  return groups.filter((g) => g.tty === 'SCD').flatMap((g) => (g.conceptProperties ?? []).map((c) => ({ rxcui: c.rxcui, name: c.name })));
}

/**
 * NLM's RxNav (https://rxnav.nlm.nih.gov/REST): drugs.json to search by name, RxTerms allinfo for
 * the strength, form and route of each result. Not used in tests (no network); its mapping is.
 */
export class RxNavMedicationDirectory implements MedicationDirectory {
  readonly name = 'rxnav';

  constructor(
    private readonly options: { baseUrl?: string; fetch?: typeof fetch; classify: (ingredient: string) => Pick<Medication, 'drugClass' | 'schedule'> | undefined; timeoutMs?: number },
  ) {}

  private async getJson(path: string): Promise<unknown> {
    const res = await (this.options.fetch ?? fetch)(`${this.options.baseUrl ?? 'https://rxnav.nlm.nih.gov/REST'}${path}`, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000) });
    if (!res.ok) throw new Error(`rxnav ${res.status}`);
    return res.json();
  }

  async search(text: string, limit: number): Promise<Medication[]> {
    const drugs = clinicalDrugsFromRxNav(await this.getJson(`/drugs.json?name=${encodeURIComponent(text.trim())}`)).slice(0, limit);
    const found = await Promise.all(drugs.map((d) => this.get(d.rxcui)));
    return found.filter((m): m is Medication => !!m);
  }

  async get(rxcui: string): Promise<Medication | undefined> {
    if (!/^\d{1,10}$/.test(rxcui)) return undefined;
    return medicationFromRxTerms(await this.getJson(`/RxTerms/rxcui/${rxcui}/allinfo.json`), this.options.classify);
  }
}
