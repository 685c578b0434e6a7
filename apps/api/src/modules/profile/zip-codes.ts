import type { ZipCodeLookupResponse } from '@puente/contracts';
import { isCompleteZipCode } from '@puente/domain';
import { createRequire } from 'node:module';
import type Zipcodes from 'zipcodes';

// The package is its data (every US and Canadian code, about 70 MB of a node's memory once
// parsed): loaded on the first lookup, not when the server starts.
const requireCjs = createRequire(import.meta.url);
let zipcodes: typeof Zipcodes | undefined;
const database = (): typeof Zipcodes => (zipcodes ??= requireCjs('zipcodes') as typeof Zipcodes);

/**
 * spec 5: "For US: a five-digit zip code fills state and city." The data ships inside the
 * `zipcodes` package (offline, no outside call); only the answer for one zip goes to the browser.
 */
export const lookupUsZipCode = (zip: string): ZipCodeLookupResponse | undefined => {
  if (!isCompleteZipCode(zip)) return undefined;
  const found = database().lookup(zip.trim());
  // The package also knows Canadian postal codes; only US answers count here.
  if (!found || found.country !== 'US') return undefined;
  return { zipCode: found.zip, state: found.state, city: found.city, country: 'US' };
};
