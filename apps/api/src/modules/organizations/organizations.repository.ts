import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberOrganizationSites, organizationPartners, organizationRosterEntries, organizations, organizationSites, users, type OrganizationRow, type UserRow } from '../../db/schema';

export type RosterEntryRow = typeof organizationRosterEntries.$inferSelect;

/** Queries of the organizations module: organizations, their sites, partners and rosters, and a member's link. */
export class OrganizationsRepository {
  constructor(private readonly db: Db) {}

  with(tx: Db): OrganizationsRepository {
    return new OrganizationsRepository(tx);
  }

  async findAnyById(id: string): Promise<OrganizationRow | undefined> {
    const [row] = await this.db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
    return row;
  }

  sitesOf(organizationId: string) {
    return this.db.select({ id: organizationSites.id, name: organizationSites.name }).from(organizationSites).where(eq(organizationSites.organizationId, organizationId)).orderBy(organizationSites.name);
  }

  async dependantOrganizationsOf(organizationId: string): Promise<string[]> {
    const rows = await this.db.select({ id: organizations.id }).from(organizations).where(and(eq(organizations.parentOrganizationId, organizationId), eq(organizations.enabled, true)));
    return rows.map((r) => r.id);
  }

  async partnerOf(organizationId: string) {
    const [row] = await this.db.select().from(organizationPartners).where(eq(organizationPartners.organizationId, organizationId)).limit(1);
    return row;
  }

  async memberSite(memberId: string, organizationId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ siteId: memberOrganizationSites.siteId })
      .from(memberOrganizationSites)
      .where(and(eq(memberOrganizationSites.memberId, memberId), eq(memberOrganizationSites.organizationId, organizationId)))
      .limit(1);
    return row?.siteId ?? null;
  }

  async setMemberSite(memberId: string, organizationId: string, siteId: string, now: Date): Promise<void> {
    await this.db
      .insert(memberOrganizationSites)
      .values({ memberId, organizationId, siteId, updatedAt: now })
      .onConflictDoUpdate({ target: memberOrganizationSites.memberId, set: { organizationId, siteId, updatedAt: now } });
  }

  async findMember(memberId: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(and(eq(users.id, memberId), isNull(users.deletedAt))).limit(1);
    return row;
  }

  /** The member row, locked for the rest of the transaction (two links at once cannot both win). */
  async lockMember(memberId: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(and(eq(users.id, memberId), isNull(users.deletedAt))).for('update');
    return row;
  }

  /** Sets (or clears) the member's organization; her site in the old one goes with it. */
  async setMemberOrganization(memberId: string, organizationId: string | null, now: Date): Promise<void> {
    await this.db.update(users).set({ organizationId, updatedAt: now }).where(eq(users.id, memberId));
    await this.db.delete(memberOrganizationSites).where(eq(memberOrganizationSites.memberId, memberId));
  }

  /** Members of the organization (not deleted) with what a roster matches on. */
  membersOf(organizationId: string) {
    return this.db
      .select({ id: users.id, phoneNumber: users.phoneNumber, identificationNumber: users.identificationNumber })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), isNull(users.deletedAt)));
  }

  liveRoster(organizationId: string): Promise<RosterEntryRow[]> {
    return this.db
      .select()
      .from(organizationRosterEntries)
      .where(and(eq(organizationRosterEntries.organizationId, organizationId), isNull(organizationRosterEntries.terminatedAt)));
  }

  async addRosterEntries(rows: { organizationId: string; matchKey: string; phoneNumber: string | null; identificationNumber: string | null; addedAt: Date }[]): Promise<void> {
    if (rows.length === 0) return;
    for (let i = 0; i < rows.length; i += 1000) await this.db.insert(organizationRosterEntries).values(rows.slice(i, i + 1000));
  }

  async terminateRosterEntries(ids: string[], now: Date): Promise<void> {
    for (let i = 0; i < ids.length; i += 1000) {
      await this.db.update(organizationRosterEntries).set({ terminatedAt: now }).where(inArray(organizationRosterEntries.id, ids.slice(i, i + 1000)));
    }
  }

  /** The enabled organization whose live roster lists this phone or identification number (oldest entry first). */
  async rosterOrganizationFor(phoneNumber: string | null, identificationNumber: string | null): Promise<OrganizationRow | undefined> {
    const matches = [phoneNumber ? eq(organizationRosterEntries.phoneNumber, phoneNumber) : undefined, identificationNumber ? eq(organizationRosterEntries.identificationNumber, identificationNumber) : undefined].filter(
      (c) => c !== undefined,
    );
    if (matches.length === 0) return undefined;
    const [row] = await this.db
      .select({ org: organizations })
      .from(organizationRosterEntries)
      .innerJoin(organizations, eq(organizations.id, organizationRosterEntries.organizationId))
      .where(and(isNull(organizationRosterEntries.terminatedAt), eq(organizations.enabled, true), or(...matches)))
      .orderBy(organizationRosterEntries.addedAt)
      .limit(1);
    return row?.org;
  }
}
