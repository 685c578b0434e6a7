import { PHYSICIAN_TAG_PREFIX, type GetPhysiciansArgs, type OnlinePhysiciansQuery, type PhysicianDto } from '@puente/contracts';
import { availableSlotsOn, isListedOnlineCoach, isSchedulableToday, isSlotDate, isUuid, slotDateIn, CALENDAR, type Language, type UserType } from '@puente/domain';
import type { Db } from '../../db/client';
import type { PhysicianProfileRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { InvalidationBus } from '../../lib/invalidation-bus';
import { presentPhysician } from './physicians.presenter';
import type { MembersService } from '../members/members.service';
import { PHYSICIAN_TYPES, PhysiciansRepository, type PhysicianCredentialChanges, type PhysicianProfileChanges, type PhysicianRecord, type WeeklyHoursRow } from './physicians.repository';
import type { PresenceSnapshot, PresenceStore } from './presence';

const isPhysicianType = (t: UserType): t is 'mx-physician' | 'us-physician' => t === 'mx-physician' || t === 'us-physician';

export type { PhysicianCredentialChanges, PhysicianProfileChanges, PhysicianRecord, WeeklyHoursRow } from './physicians.repository';

export interface PhysicianFlags {
  isOnline: boolean;
  isAvailable: boolean;
}

/** The variant of the online list: the only inputs the body depends on (nothing of the member). */
const onlineBodyKey = (query: OnlinePhysiciansQuery, lang: Language): string => `${lang}|${query.tags ?? ''}|${query.partnerId ?? ''}`;

/**
 * Physician profiles, presence and availability. Public profiles are cached in memory (loaded in
 * one go, dropped whenever a physician changes), so GET /api/online-physicians, polled every 4 s
 * by each waiting member, never queries the database: it reads the cache and the presence store.
 */
export class PhysiciansService {
  private cache: Promise<Map<string, PhysicianRecord>> | undefined;
  /** The loaded profiles (the value `cache` resolved to), read without awaiting on the hot path. */
  private loaded: Map<string, PhysicianRecord> | undefined;
  /**
   * Serialized online lists, one per variant of the answer (language, tags, partnerId: the only
   * inputs it depends on; nothing of the member who asks), valid while the profiles and the
   * presence snapshot are the same objects. A change of either drops every variant at once.
   */
  private onlineBodies: { records: Map<string, PhysicianRecord>; presence: PresenceSnapshot; bodies: Map<string, string> } | undefined;

  constructor(
    private readonly deps: {
      repository: PhysiciansRepository;
      /** The physicians' accounts (the users table is the members module's). */
      accounts: Pick<MembersService, 'activeAccountsOfTypes'>;
      presence: PresenceStore;
      clock: Clock;
      /** Tells the other nodes to drop their cached profiles (local only when absent). */
      bus?: InvalidationBus;
      /** Free slots minus bookings and exceptions (scheduling, issue 13); weekly hours alone without it. */
      slotSource?: (record: PhysicianRecord, date: string, memberTimeZone: string) => Promise<string[]>;
      /** spec 001 §8: the member's scheduled appointment starts soon (scheduling, issue 13). */
      scheduledSoon?: (memberId: string) => Promise<boolean>;
      /** scheduledSoon's answer when it is in memory, else undefined (the fast path's). */
      scheduledSoonNow?: (memberId: string) => boolean | undefined;
    },
  ) {
    deps.bus?.subscribe('physicians', () => this.dropCache());
    deps.bus?.onResync(() => this.dropCache());
  }

  /** A physician's picture for another module (the chat's participant attributes). */
  imgUrlOf(userId: string): Promise<string | null> {
    return this.deps.repository.imgUrlOf(userId);
  }

  /** Copies isAvailable from the database into the presence store (the database is the truth). */
  async init(): Promise<void> {
    await this.deps.presence.resetAvailable(await this.deps.repository.availableIds());
  }

  /** Drops the cached profiles on every node (after a profile, licence or hours change). */
  invalidate(): void {
    if (this.deps.bus) this.deps.bus.publish('physicians');
    else this.dropCache();
  }

  private dropCache(): void {
    this.cache = undefined;
    this.loaded = undefined;
    this.onlineBodies = undefined;
  }

  /**
   * The JSON body of GET /api/online-physicians, serialized once per change of the profiles or of
   * presence (and per variant) rather than once per poll. A warm poll reads the presence snapshot
   * once and allocates nothing but the variant key.
   */
  async onlinePhysiciansBody(query: OnlinePhysiciansQuery, lang: Language, memberId?: string): Promise<string> {
    // spec 001 §8 / 000 §4: a member whose scheduled appointment is about to start goes home.
    if (memberId && this.deps.scheduledSoon && (await this.deps.scheduledSoon(memberId))) throw new AppError('CONFLICT', { reason: 'scheduled-appointment' });
    const presence = await this.deps.presence.snapshot();
    const records = this.loaded ?? (await this.records());
    let cached = this.onlineBodies;
    if (!cached || cached.records !== records || cached.presence !== presence) cached = this.onlineBodies = { records, presence, bodies: new Map() };
    const key = onlineBodyKey(query, lang);
    const hit = cached.bodies.get(key);
    if (hit !== undefined) return hit;
    const body = JSON.stringify({ physicians: this.listOnline(records, presence, query, lang) });
    // Not in the spec: a bound on distinct filter combinations kept (tags and partnerId are free text).
    if (cached.bodies.size >= 200) cached.bodies.clear();
    cached.bodies.set(key, body);
    return body;
  }

  /**
   * The body onlinePhysiciansBody would answer, when everything it depends on is in memory and
   * current (the member's scheduled appointments, the presence snapshot, the profiles, this
   * variant's serialized list) and the answer is a 200; else undefined, and the caller asks
   * onlinePhysiciansBody. Never waits, never builds a body.
   */
  onlinePhysiciansBodyNow(query: OnlinePhysiciansQuery, lang: Language, memberId?: string): string | undefined {
    if (memberId && this.deps.scheduledSoon) {
      if (this.deps.scheduledSoonNow?.(memberId) !== false) return undefined;
    }
    const presence = this.deps.presence.snapshotNow();
    const cached = this.onlineBodies;
    if (!presence || !cached || !this.loaded || cached.records !== this.loaded || cached.presence !== presence) return undefined;
    return cached.bodies.get(onlineBodyKey(query, lang));
  }

  /** Every coach and US doctor (accounts from the members service) with profile, licences and hours. */
  private async physicianRecords(): Promise<PhysicianRecord[]> {
    return this.deps.repository.recordsOf(await this.deps.accounts.activeAccountsOfTypes(PHYSICIAN_TYPES));
  }

  private records(): Promise<Map<string, PhysicianRecord>> {
    if (!this.cache) {
      const loading: Promise<Map<string, PhysicianRecord>> = this.physicianRecords().then(
        (list) => {
          const map = new Map(list.map((r) => [r.user.id, r]));
          if (this.cache === loading) this.loaded = map; // not if invalidated meanwhile
          return map;
        },
        (err: unknown) => {
          if (this.cache === loading) this.cache = undefined;
          throw err;
        },
      );
      this.cache = loading;
    }
    return this.cache;
  }

  async record(id: string): Promise<PhysicianRecord | undefined> {
    return (await this.records()).get(id);
  }

  async allRecords(): Promise<PhysicianRecord[]> {
    return [...(await this.records()).values()];
  }

  async flags(id: string): Promise<PhysicianFlags> {
    return flagsIn(await this.deps.presence.snapshot(), id);
  }

  /** A socket of a coach or doctor connected / disconnected (the realtime gateway calls these). */
  async socketConnected(user: Pick<UserRow, 'id' | 'userType'>, socketId: string): Promise<void> {
    if (isPhysicianType(user.userType)) await this.deps.presence.connect(user.id, socketId);
  }

  async socketDisconnected(user: Pick<UserRow, 'id' | 'userType'>, socketId: string): Promise<void> {
    if (isPhysicianType(user.userType)) await this.deps.presence.disconnect(user.id, socketId);
  }

  /**
   * GET /api/online-physicians (spec 6: only online, available mx-physicians). tags: practice_*,
   * lang_* and free tags from the profile; partnerId: physicians who serve that partner (or all).
   */
  async onlinePhysicians(query: OnlinePhysiciansQuery, lang: Language): Promise<PhysicianDto[]> {
    const [records, presence] = await Promise.all([this.records(), this.deps.presence.snapshot()]);
    return this.listOnline(records, presence, query, lang);
  }

  private listOnline(records: Map<string, PhysicianRecord>, presence: PresenceSnapshot, query: OnlinePhysiciansQuery, lang: Language): PhysicianDto[] {
    const tags = (query.tags ?? '')
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean);
    const out: PhysicianDto[] = [];
    for (const record of records.values()) {
      const flags = flagsIn(presence, record.user.id);
      if (!isListedOnlineCoach({ ...flags, userType: record.user.userType })) continue;
      if (!matchesTags(record, tags)) continue;
      const partners = record.profile?.partnerIds ?? [];
      if (query.partnerId && partners.length > 0 && !partners.includes(query.partnerId)) continue;
      out.push(presentPhysician(record, flags, lang));
    }
    return out.sort((a, b) => a.firstName.localeCompare(b.firstName) || a.id.localeCompare(b.id));
  }

  /** getPhysician(id): any coach or US doctor; NOT_FOUND for anything else. */
  async getPhysician(id: string, lang: Language): Promise<PhysicianDto> {
    const record = await this.record(id);
    if (!record) throw new AppError('NOT_FOUND');
    return presentPhysician(record, await this.flags(id), lang);
  }

  /**
   * getPhysicians(schedulable, language, practice, availabilityDate). schedulable: spec 6
   * "schedulable coaches for today are those with slots today who are not online and available";
   * US doctors have no calendar (spec 6) and are never schedulable.
   */
  async getPhysicians(args: GetPhysiciansArgs, lang: Language): Promise<PhysicianDto[]> {
    const [records, presence] = await Promise.all([this.records(), this.deps.presence.snapshot()]);
    const now = this.deps.clock.now();
    const out: PhysicianDto[] = [];
    for (const record of records.values()) {
      const { user } = record;
      if (args.language && !user.languages.includes(args.language)) continue;
      if (args.practice && user.practice !== args.practice) continue;
      const flags = flagsIn(presence, user.id);
      if (args.schedulable !== undefined) {
        const date = args.availabilityDate ?? slotDateIn(now, user.timeZone ?? CALENDAR.fallbackTimeZone);
        const schedulable = user.userType === 'mx-physician' && isSchedulableToday({ ...flags, slotsToday: (await this.slots(record, date)).length });
        if (schedulable !== args.schedulable) continue;
      }
      out.push(presentPhysician(record, flags, lang));
    }
    return out.sort((a, b) => a.firstName.localeCompare(b.firstName) || a.id.localeCompare(b.id));
  }

  /** availableSlots(date): ISO datetimes; INVALID_DATA for a date that is not yyyy-MM-dd. */
  async availableSlots(id: string, date: string | null | undefined, memberTimeZone?: string | null): Promise<string[]> {
    const record = await this.record(id);
    if (!record || record.user.userType !== 'mx-physician') return [];
    const day = date ?? slotDateIn(this.deps.clock.now(), record.user.timeZone ?? CALENDAR.fallbackTimeZone);
    if (!isSlotDate(day)) throw new AppError('INVALID_DATA', { fields: { date: 'invalid_date' } });
    return this.slots(record, day, memberTimeZone ?? undefined);
  }

  private async slots(record: PhysicianRecord, date: string, memberTimeZone?: string): Promise<string[]> {
    if (this.deps.slotSource) return this.deps.slotSource(record, date, memberTimeZone ?? record.hours[0]?.timeZone ?? record.user.timeZone ?? CALENDAR.fallbackTimeZone);
    return availableSlotsOn(date, record.hours, this.deps.clock.now());
  }

  /** setAvailability(isAvailable): the physician's own switch. Members and admins: FORBIDDEN. */
  async setAvailability(actor: UserRow, isAvailable: boolean, lang: Language): Promise<PhysicianDto> {
    if (!isPhysicianType(actor.userType)) throw new AppError('FORBIDDEN');
    await this.deps.repository.setAvailable(actor.id, isAvailable, this.deps.clock.now());
    await this.deps.presence.setAvailable(actor.id, isAvailable);
    this.invalidate();
    return this.getPhysician(actor.id, lang);
  }

  /**
   * Changes what a coach's or US doctor's public profile says (the admin console's edit): every
   * node lists the new profile within a second. NOT_FOUND for anyone who is not a physician.
   */
  async updateProfile(physicianId: string, changes: PhysicianProfileChanges, lang: Language): Promise<PhysicianDto> {
    if (!isUuid(physicianId) || (await this.deps.accounts.activeAccountsOfTypes(PHYSICIAN_TYPES, [physicianId])).length === 0) throw new AppError('NOT_FOUND');
    await this.deps.repository.updateProfile(physicianId, changes, this.deps.clock.now());
    this.invalidate();
    return this.getPhysician(physicianId, lang);
  }

  /**
   * Replaces a coach's weekly hours (the scheduling module's calendar editor; its calendar row is
   * written in the same transaction `tx`). The caller calls invalidate() once that transaction
   * has committed, so no node reloads the profiles before the new hours are there.
   */
  async replaceWeeklyHours(physicianId: string, hours: WeeklyHoursRow[], tx?: Db): Promise<void> {
    await (tx ? new PhysiciansRepository(tx) : this.deps.repository).replaceHours(physicianId, hours);
  }

  async myProfile(actor: UserRow, lang: Language): Promise<PhysicianDto> {
    if (!isPhysicianType(actor.userType)) throw new AppError('FORBIDDEN');
    return this.getPhysician(actor.id, lang);
  }

  // --- the admin console's staff records (issue 15); the caller calls invalidate() once it commits ---

  /** The professional profile and licences (by state) of these staff accounts, by user id (two queries in all). */
  async credentialsOf(userIds: readonly string[]): Promise<Map<string, { profile: PhysicianProfileRow | undefined; licenses: { state: string; licenseNumber: string }[] }>> {
    const ids = [...new Set(userIds)];
    const { profiles, licenses } = await this.deps.repository.credentialsOf(ids);
    return new Map(
      ids.map((id) => [
        id,
        {
          profile: profiles.find((p) => p.userId === id),
          licenses: licenses
            .filter((l) => l.userId === id)
            .map((l) => ({ state: l.state, licenseNumber: l.licenseNumber }))
            .sort((a, b) => a.state.localeCompare(b.state)),
        },
      ]),
    );
  }

  /** Sets cedula, NPI or DEA in the caller's transaction (the profile row is created on first use). */
  setCredentials(userId: string, changes: PhysicianCredentialChanges, now: Date, tx: Db): Promise<void> {
    return new PhysiciansRepository(tx).upsertCredentials(userId, changes, now);
  }

  /** Makes the account's licences exactly these, in the caller's transaction. */
  replaceLicenses(userId: string, licenses: readonly { state: string; licenseNumber: string }[], now: Date, tx: Db): Promise<void> {
    return new PhysiciansRepository(tx).replaceLicenses(userId, licenses, now);
  }
}

const flagsIn = (presence: PresenceSnapshot, id: string): PhysicianFlags => ({ isOnline: presence.online.has(id), isAvailable: presence.available.has(id) });

function matchesTags(record: PhysicianRecord, tags: readonly string[]): boolean {
  const own = new Set((record.profile?.tags ?? []).map((t) => t.toLowerCase()));
  const byPrefix = (prefix: string) => tags.filter((t) => t.startsWith(prefix)).map((t) => t.slice(prefix.length));
  const practices = byPrefix(PHYSICIAN_TAG_PREFIX.practice);
  if (practices.length > 0 && !practices.includes(record.user.practice ?? '')) return false;
  const languages = byPrefix(PHYSICIAN_TAG_PREFIX.language);
  if (languages.length > 0 && !languages.some((l) => (record.user.languages as string[]).includes(l))) return false;
  const free = tags.filter((t) => !t.startsWith(PHYSICIAN_TAG_PREFIX.practice) && !t.startsWith(PHYSICIAN_TAG_PREFIX.language));
  return free.every((t) => own.has(t));
}
