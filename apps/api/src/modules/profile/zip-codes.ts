import type { ZipCodeLookupResponse } from '@puente/contracts';
import { isCompleteZipCode } from '@puente/domain';
import zipcodes from 'zipcodes';

/**
 * spec 5: "For US: a five-digit zip code fills state and city." The data ships inside the
 * `zipcodes` package (offline, no outside call); only the answer for one zip goes to the browser.
 */
export const lookupUsZipCode = (zip: string): ZipCodeLookupResponse | undefined => {
  if (!isCompleteZipCode(zip)) return undefined;
  const found = zipcodes.lookup(zip.trim());
  // The package also knows Canadian postal codes; only US answers count here.
  if (!found || found.country !== 'US') return undefined;
  return { zipCode: found.zip, state: found.state, city: found.city, country: 'US' };
};
