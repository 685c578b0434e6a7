import type { MyPharmacyResponse, PharmacySearchResponse, choosePharmacyInputSchema, pharmacySearchQuerySchema } from '@puente/contracts';
import type * as z from 'zod/mini';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { DirectoryPharmacy, PharmacyDirectory } from '../../providers/pharmacies/pharmacy-directory.provider';
import { refuseGuest, type Actor } from '../auth/session-scope';
import type { AppointmentsService } from '../appointments/appointments.service';
import type { MembersService } from '../members/members.service';
import { lookupUsZipCode } from '../profile/zip-codes';
import type { ProfileService } from '../profile/profile.service';

export interface PharmaciesServiceDeps {
  directory: PharmacyDirectory;
  profile: Pick<ProfileService, 'updateMember'>;
  members: Pick<MembersService, 'findById'>;
  appointments: Pick<AppointmentsService, 'visible'>;
}

/** The Pharmacy entity (spec 000 §3) as it is kept on the member and on the appointment's record. */
export const pharmacyValue = (p: DirectoryPharmacy): Record<string, string | number | null> => ({
  pharmacyId: p.id,
  pharmStoreName: p.pharmStoreName,
  pharmAddressLine1: p.pharmAddressLine1,
  pharmAddressLine2: p.pharmAddressLine2,
  pharmCity: p.pharmCity,
  pharmState: p.pharmState,
  pharmZip: p.pharmZip,
  pharmPhone: p.pharmPhone,
  pharmLatitude: p.pharmLatitude,
  pharmLongitude: p.pharmLongitude,
});

/**
 * The pharmacy directory and the member's chosen pharmacy (issue 12): searchable by zip code and
 * distance; the member's choice is remembered on her account (through the profile service) and
 * every change leaves an audit row (the profile service records the member's own change).
 */
export class PharmaciesService {
  constructor(private readonly deps: PharmaciesServiceDeps) {}

  async search(actor: Actor, query: z.output<typeof pharmacySearchQuerySchema>): Promise<PharmacySearchResponse> {
    refuseGuest(actor);
    const zip = lookupUsZipCode(query.zip);
    // Five digits (the query's schema) but no US zip code: not "enter five digits".
    if (!zip) throw new AppError('INVALID_DATA', { fields: { zip: 'pharmacy_zip_unknown' } });
    // The zipcodes package knows the centre of each zip code.
    const { default: zipcodes } = await import('zipcodes');
    const centre = zipcodes.lookup(zip.zipCode)!;
    const origin = { zip: zip.zipCode, lat: centre.latitude, lon: centre.longitude };
    const pharmacies = await this.deps.directory.near(origin, query.radiusMiles, 50);
    return { origin, pharmacies };
  }

  async mine(actor: Actor): Promise<MyPharmacyResponse> {
    refuseGuest(actor);
    if (actor.userType !== 'member') throw new AppError('FORBIDDEN');
    const row = await this.deps.members.findById(actor.id);
    return { pharmacy: presentStored(row?.pharmacy ?? null) };
  }

  async choose(actor: Actor, input: z.output<typeof choosePharmacyInputSchema>): Promise<MyPharmacyResponse> {
    refuseGuest(actor);
    if (actor.userType !== 'member') throw new AppError('FORBIDDEN');
    const pharmacy = await this.deps.directory.get(input.pharmacyId);
    if (!pharmacy) throw new AppError('INVALID_DATA', { fields: { pharmacyId: 'pharmacy_unknown' } });
    if (input.appointmentId) {
      const appointment = await this.deps.appointments.visible(actor, input.appointmentId);
      if (appointment.memberId !== actor.id) throw new AppError('NOT_FOUND');
    }
    // Kept with the directory's id: an e-prescribing vendor sends to that store.
    const value = pharmacyValue(pharmacy);
    await this.deps.profile.updateMember(actor, actor.id, { pharmacy: value });
    return { pharmacy: presentStored(value) };
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

function presentStored(p: UserRow['pharmacy']): MyPharmacyResponse['pharmacy'] {
  if (!p || typeof p.pharmStoreName !== 'string') return null;
  return {
    id: str(p.pharmacyId),
    pharmStoreName: p.pharmStoreName,
    pharmAddressLine1: str(p.pharmAddressLine1) ?? '',
    pharmAddressLine2: str(p.pharmAddressLine2),
    pharmCity: str(p.pharmCity) ?? '',
    pharmState: str(p.pharmState) ?? '',
    pharmZip: str(p.pharmZip) ?? '',
    pharmPhone: str(p.pharmPhone) ?? '',
    pharmLatitude: num(p.pharmLatitude),
    pharmLongitude: num(p.pharmLongitude),
  };
}
