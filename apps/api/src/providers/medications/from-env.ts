import { LocalMedicationDirectory } from './local.medication-directory';
import type { MedicationDirectory } from './medication-directory.provider';
import { RxNavMedicationDirectory } from './rxnav.medication-directory';

/**
 * MEDICATION_DIRECTORY: `local` (default, the shipped formulary, offline) or `rxnav` (NLM's
 * RxNav/RxTerms at RXNAV_URL, https://rxnav.nlm.nih.gov/REST by default), classified for the
 * allergy and controlled-substance checks by the local formulary's ingredients.
 */
export function medicationDirectoryFromEnv(env: Record<string, string | undefined>): MedicationDirectory {
  const local = new LocalMedicationDirectory();
  const kind = env.MEDICATION_DIRECTORY ?? 'local';
  if (kind === 'local') return local;
  if (kind === 'rxnav') return new RxNavMedicationDirectory({ baseUrl: env.RXNAV_URL?.replace(/\/$/, '') || undefined, classify: local.classify });
  throw new Error(`Invalid configuration:\n  MEDICATION_DIRECTORY: local or rxnav, not ${kind}`);
}
