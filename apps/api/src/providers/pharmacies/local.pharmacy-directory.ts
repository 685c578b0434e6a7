import { distanceMiles } from '@puente/domain';
import { createRequire } from 'node:module';
import type Zipcodes from 'zipcodes';
import type { DirectoryPharmacy, PharmacyDirectory } from './pharmacy-directory.provider';

/**
 * Demonstration pharmacies (not real stores) in the four full-care states, placed at the centre
 * of their zip code (coordinates from the `zipcodes` package, offline).
 * [id, name, address, zip, phone]
 */
const SEED: readonly [string, string, string, string, string][] = [
  ['ca-sf-mission', 'Mission Community Pharmacy', '2480 Mission St', '94110', '+14155550110'],
  ['ca-sf-soma', 'SoMa Health Pharmacy', '1100 Howard St', '94103', '+14155550103'],
  ['ca-sf-haight', 'Haight Street Apothecary', '1520 Haight St', '94117', '+14155550117'],
  ['ca-oak-downtown', 'Oakland Downtown Pharmacy', '1330 Broadway', '94612', '+15105550612'],
  ['ca-sj-central', 'San José Central Pharmacy', '1200 E Santa Clara St', '95116', '+14085550116'],
  ['ca-la-boyle', 'Farmacia Boyle Heights', '2000 E Cesar E Chavez Ave', '90033', '+13235550033'],
  ['ca-la-downtown', 'Downtown LA Pharmacy', '700 S Broadway', '90014', '+12135550014'],
  ['ca-la-pico', 'Pico Union Pharmacy', '1500 W Pico Blvd', '90015', '+12135550015'],
  ['ca-sd-barrio', 'Barrio Logan Pharmacy', '2150 Logan Ave', '92113', '+16195550113'],
  ['ca-sd-downtown', 'San Diego Harbor Pharmacy', '900 Market St', '92101', '+16195550101'],
  ['ca-sac-midtown', 'Midtown Sacramento Pharmacy', '1800 J St', '95811', '+19165550811'],
  ['ca-fresno-central', 'Fresno Central Pharmacy', '1400 Fulton St', '93721', '+15595550721'],
  ['tx-hou-east', 'East End Pharmacy Houston', '2800 Navigation Blvd', '77003', '+17135550003'],
  ['tx-hou-downtown', 'Houston Main Street Pharmacy', '900 Main St', '77002', '+17135550002'],
  ['tx-dal-oakcliff', 'Oak Cliff Pharmacy', '400 W Jefferson Blvd', '75208', '+12145550208'],
  ['tx-dal-downtown', 'Dallas Elm Street Pharmacy', '1500 Elm St', '75201', '+12145550201'],
  ['tx-sa-westside', 'Farmacia Westside San Antonio', '1300 Guadalupe St', '78207', '+12105550207'],
  ['tx-sa-downtown', 'Alamo Plaza Pharmacy', '300 Alamo Plaza', '78205', '+12105550205'],
  ['tx-aus-east', 'East Austin Pharmacy', '1100 E 6th St', '78702', '+15125550702'],
  ['tx-elpaso-central', 'El Paso Central Pharmacy', '500 N Stanton St', '79901', '+19155550901'],
  ['az-phx-central', 'Central Phoenix Pharmacy', '1000 N Central Ave', '85004', '+16025550004'],
  ['az-phx-south', 'South Phoenix Pharmacy', '1800 E Broadway Rd', '85040', '+16025550040'],
  ['az-mesa-main', 'Mesa Main Street Pharmacy', '200 W Main St', '85201', '+14805550201'],
  ['az-tucson-downtown', 'Tucson Congress Pharmacy', '100 E Congress St', '85701', '+15205550701'],
  ['az-tucson-south', 'Farmacia South Tucson', '1700 S 6th Ave', '85713', '+15205550713'],
  ['fl-mia-littlehavana', 'Little Havana Pharmacy', '1500 SW 8th St', '33135', '+13055550135'],
  ['fl-mia-downtown', 'Miami Flagler Pharmacy', '100 E Flagler St', '33131', '+13055550131'],
  ['fl-hialeah', 'Hialeah Community Pharmacy', '500 W 49th St', '33012', '+13055550012'],
  ['fl-orl-downtown', 'Orlando Orange Avenue Pharmacy', '200 N Orange Ave', '32801', '+14075550801'],
  ['fl-tampa-ybor', 'Ybor City Pharmacy', '1600 E 7th Ave', '33605', '+18135550605'],
  ['fl-jax-downtown', 'Jacksonville Riverside Pharmacy', '100 W Bay St', '32202', '+19045550202'],
  ['fl-kissimmee', 'Kissimmee Pharmacy', '100 Broadway', '34741', '+14075550741'],
];

// The `zipcodes` package is its data (about 70 MB of a node's memory once parsed): loaded when the
// seeded directory is first asked, not when the server starts.
const requireCjs = createRequire(import.meta.url);

export function seededPharmacies(): DirectoryPharmacy[] {
  const zipcodes = requireCjs('zipcodes') as typeof Zipcodes;
  return SEED.flatMap(([id, name, address, zip, phone]) => {
    const z = zipcodes.lookup(zip);
    if (!z) return [];
    return [{ id, pharmStoreName: name, pharmAddressLine1: address, pharmAddressLine2: null, pharmCity: z.city, pharmState: z.state, pharmZip: zip, pharmPhone: phone, pharmLatitude: z.latitude, pharmLongitude: z.longitude }];
  });
}

/** The seeded directory, in memory. */
export class LocalPharmacyDirectory implements PharmacyDirectory {
  readonly name = 'local-pharmacies';
  private pharmacies: readonly DirectoryPharmacy[] | undefined;

  /** Without `pharmacies`, the seeded ones, built on the first question. */
  constructor(pharmacies?: readonly DirectoryPharmacy[]) {
    this.pharmacies = pharmacies;
  }

  private get all(): readonly DirectoryPharmacy[] {
    return (this.pharmacies ??= seededPharmacies());
  }

  near(point: { lat: number; lon: number }, radiusMiles: number, limit: number): Promise<(DirectoryPharmacy & { distanceMiles: number })[]> {
    return Promise.resolve(
      this.all
        .map((p) => ({ ...p, distanceMiles: Math.round(distanceMiles(point, { lat: p.pharmLatitude, lon: p.pharmLongitude }) * 10) / 10 }))
        .filter((p) => p.distanceMiles <= radiusMiles)
        .sort((a, b) => a.distanceMiles - b.distanceMiles || a.pharmStoreName.localeCompare(b.pharmStoreName))
        .slice(0, limit),
    );
  }

  get(id: string): Promise<DirectoryPharmacy | undefined> {
    return Promise.resolve(this.all.find((p) => p.id === id));
  }
}
