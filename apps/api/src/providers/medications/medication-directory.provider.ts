import type { Medication } from '@puente/domain';

/**
 * The medication directory the US doctor prescribes from (issue 12: no hand-typed codes). The
 * local formulary is the working default; RxNavMedicationDirectory reads NLM's RxNav/RxTerms.
 */
export interface MedicationDirectory {
  readonly name: string;
  /** Entries whose name or ingredient starts with or contains the text (case and accents ignored), best first. */
  search(text: string, limit: number): Promise<Medication[]>;
  /** One clinical drug by RxCUI, or undefined when the directory does not know it. */
  get(rxcui: string): Promise<Medication | undefined>;
}
