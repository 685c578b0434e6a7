import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { physicianAvailability, physicianLicenses, physicianProfiles, type PhysicianAvailabilityRow, type PhysicianProfileRow, type UserRow } from '../../db/schema';

export interface PhysicianRecord {
  user: UserRow;
  profile: PhysicianProfileRow | undefined;
  licenses: { state: string; licenseNumber: string }[];
  hours: PhysicianAvailabilityRow[];
}

/** The public parts of a physician's profile an editor may change (never isAvailable: the physician's own switch). */
export type PhysicianProfileChanges = Partial<Pick<PhysicianProfileRow, 'nickName' | 'imgUrl' | 'bio' | 'medicalSpecialties' | 'academicBackground' | 'tags' | 'partnerIds'>>;

/** One weekly opening of a coach's hours (weekday, HH:mm to HH:mm in her zone, slots of slotMinutes). */
export type WeeklyHoursRow = Pick<PhysicianAvailabilityRow, 'weekday' | 'starts' | 'ends' | 'timeZone' | 'slotMinutes'>;
/** A clinician's professional identifiers, as the admin console sets them. */
export type PhysicianCredentialChanges = Partial<Pick<PhysicianProfileRow, 'cedula' | 'npi' | 'dea'>>;

/** The accounts a physician record is built on (their rows are the members module's). */
export const PHYSICIAN_TYPES = ['mx-physician', 'us-physician'] as const;

export class PhysiciansRepository {
  constructor(private readonly db: Db) {}

  /** These coaches' and US doctors' records: profile, licences and weekly hours (three queries in all). */
  async recordsOf(people: readonly UserRow[]): Promise<PhysicianRecord[]> {
    if (people.length === 0) return [];
    const userIds = people.map((p) => p.id);
    const [profiles, licenses, hours] = await Promise.all([
      this.db.select().from(physicianProfiles).where(inArray(physicianProfiles.userId, userIds)),
      this.db.select().from(physicianLicenses).where(inArray(physicianLicenses.userId, userIds)),
      this.db.select().from(physicianAvailability).where(inArray(physicianAvailability.userId, userIds)),
    ]);
    return people.map((user) => ({
      user,
      profile: profiles.find((p) => p.userId === user.id),
      licenses: licenses.filter((l) => l.userId === user.id).map((l) => ({ state: l.state, licenseNumber: l.licenseNumber })),
      hours: hours.filter((h) => h.userId === user.id),
    }));
  }

  /** A physician's picture (deleted physicians' too: an old chat still shows it). */
  async imgUrlOf(userId: string): Promise<string | null> {
    const [row] = await this.db.select({ imgUrl: physicianProfiles.imgUrl }).from(physicianProfiles).where(eq(physicianProfiles.userId, userId)).limit(1);
    return row?.imgUrl ?? null;
  }

  /** isAvailable is the physician's own switch; the profile row is created on first use. */
  async setAvailable(userId: string, isAvailable: boolean, now: Date): Promise<void> {
    await this.db
      .insert(physicianProfiles)
      .values({ userId, isAvailable, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: physicianProfiles.userId, set: { isAvailable, updatedAt: now } });
  }

  /** The profile row is created on first use. */
  async updateProfile(userId: string, changes: PhysicianProfileChanges, now: Date): Promise<void> {
    await this.db
      .insert(physicianProfiles)
      .values({ ...changes, userId, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: physicianProfiles.userId, set: { ...changes, updatedAt: now } });
  }

  /** A coach's weekly hours, replaced as a whole (the scheduling calendar's editor, in its transaction). */
  async replaceHours(userId: string, hours: WeeklyHoursRow[]): Promise<void> {
    await this.db.delete(physicianAvailability).where(eq(physicianAvailability.userId, userId));
    if (hours.length > 0) {
      await this.db
        .insert(physicianAvailability)
        .values(hours.map((h) => ({ userId, weekday: h.weekday, starts: h.starts, ends: h.ends, timeZone: h.timeZone, slotMinutes: h.slotMinutes })))
        .onConflictDoNothing();
    }
  }

  async availableIds(): Promise<string[]> {
    const rows = await this.db.select({ id: physicianProfiles.userId }).from(physicianProfiles).where(eq(physicianProfiles.isAvailable, true));
    return rows.map((r) => r.id);
  }

  // --- the admin console's staff records (issue 15) ----------------------------------------------

  /** The professional profiles and licences of these accounts (two queries in all). */
  async credentialsOf(userIds: readonly string[]): Promise<{ profiles: PhysicianProfileRow[]; licenses: { userId: string; state: string; licenseNumber: string }[] }> {
    if (userIds.length === 0) return { profiles: [], licenses: [] };
    const [profiles, licenses] = await Promise.all([
      this.db.select().from(physicianProfiles).where(inArray(physicianProfiles.userId, [...userIds])),
      this.db.select({ userId: physicianLicenses.userId, state: physicianLicenses.state, licenseNumber: physicianLicenses.licenseNumber }).from(physicianLicenses).where(inArray(physicianLicenses.userId, [...userIds])),
    ]);
    return { profiles, licenses };
  }

  /** cedula, NPI and DEA; the profile row is created on first use. */
  async upsertCredentials(userId: string, changes: PhysicianCredentialChanges, now: Date): Promise<void> {
    await this.db
      .insert(physicianProfiles)
      .values({ ...changes, userId, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: physicianProfiles.userId, set: { ...changes, updatedAt: now } });
  }

  async replaceLicenses(userId: string, licenses: readonly { state: string; licenseNumber: string }[], now: Date): Promise<void> {
    await this.db.delete(physicianLicenses).where(eq(physicianLicenses.userId, userId));
    if (licenses.length > 0) await this.db.insert(physicianLicenses).values(licenses.map((l) => ({ userId, state: l.state, licenseNumber: l.licenseNumber, createdAt: now })));
  }
}
