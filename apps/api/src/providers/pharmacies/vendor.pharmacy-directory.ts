import * as z from 'zod/mini';
import type { DirectoryPharmacy, PharmacyDirectory } from './pharmacy-directory.provider';

/**
 * The shape of an e-prescribing vendor's pharmacy search (DoseSpot's and Photon's both search the
 * NCPDP directory by location and return a store id, name, address, phone and coordinates). The
 * vendor's own field names are mapped here; the token comes from the vendor's OAuth client.
 */
export const vendorPharmacySchema = z.object({
  PharmacyId: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  StoreName: z.string(),
  Address1: z.string(),
  Address2: z.nullish(z.string()),
  City: z.string(),
  State: z.string(),
  ZipCode: z.string(),
  PrimaryPhone: z.string(),
  Latitude: z.nullish(z.number()),
  Longitude: z.nullish(z.number()),
  Distance: z.nullish(z.number()),
});
const vendorSearchSchema = z.object({ Items: z.array(vendorPharmacySchema) });

export const fromVendorPharmacy = (p: z.output<typeof vendorPharmacySchema>): DirectoryPharmacy => ({
  id: p.PharmacyId,
  pharmStoreName: p.StoreName,
  pharmAddressLine1: p.Address1,
  pharmAddressLine2: p.Address2 ?? null,
  pharmCity: p.City,
  pharmState: p.State,
  pharmZip: p.ZipCode.slice(0, 5),
  pharmPhone: p.PrimaryPhone,
  pharmLatitude: p.Latitude ?? 0,
  pharmLongitude: p.Longitude ?? 0,
});

export class VendorPharmacyDirectory implements PharmacyDirectory {
  readonly name = 'vendor-pharmacies';

  constructor(private readonly options: { baseUrl: string; token: () => Promise<string>; fetch?: typeof fetch }) {}

  private async getJson(path: string): Promise<unknown> {
    const res = await (this.options.fetch ?? fetch)(`${this.options.baseUrl}${path}`, { headers: { authorization: `Bearer ${await this.options.token()}` }, signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`pharmacy directory ${res.status}`);
    return res.json();
  }

  async near(point: { lat: number; lon: number }, radiusMiles: number, limit: number): Promise<(DirectoryPharmacy & { distanceMiles: number })[]> {
    const body = vendorSearchSchema.parse(await this.getJson(`/api/pharmacies/search?latitude=${point.lat}&longitude=${point.lon}&radius=${radiusMiles}&pageSize=${limit}`));
    return body.Items.map((p) => ({ ...fromVendorPharmacy(p), distanceMiles: p.Distance ?? 0 }));
  }

  async get(id: string): Promise<DirectoryPharmacy | undefined> {
    const body = vendorPharmacySchema.safeParse(await this.getJson(`/api/pharmacies/${encodeURIComponent(id)}`));
    return body.success ? fromVendorPharmacy(body.data) : undefined;
  }
}
