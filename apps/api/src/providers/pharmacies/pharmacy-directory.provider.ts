/** spec 000 §3 Pharmacy, plus the directory's id and (in a search) the distance. */
export interface DirectoryPharmacy {
  id: string;
  pharmStoreName: string;
  pharmAddressLine1: string;
  pharmAddressLine2: string | null;
  pharmCity: string;
  pharmState: string;
  pharmZip: string;
  pharmPhone: string;
  pharmLatitude: number;
  pharmLongitude: number;
}

/**
 * Where the member's prescription can be sent (issue 12). The seeded local directory is the
 * working default; a vendor adapter (the e-prescribing vendor's pharmacy search, e.g. DoseSpot's
 * or Photon's, backed by the NCPDP directory) implements the same two calls.
 */
export interface PharmacyDirectory {
  readonly name: string;
  /** Pharmacies within `radiusMiles` of a point, nearest first, with their distance in miles. */
  near(point: { lat: number; lon: number }, radiusMiles: number, limit: number): Promise<(DirectoryPharmacy & { distanceMiles: number })[]>;
  get(id: string): Promise<DirectoryPharmacy | undefined>;
}
