import { and, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  memberOrganizationSites,
  organizationPartners,
  organizationRosterEntries,
  organizations,
  organizationSites,
  type OrganizationRow,
} from '../../db/schema';

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type RosterEntryRow = typeof organizationRosterEntries.$inferSelect;

/** Queries of the organizations module: organizations, their sites, partners and rosters, and a member's link. */
export class OrganizationsRepository {
  constructor(private readonly db: Db) {}

  with(tx: Db): OrganizationsRepository {
    return new OrganizationsRepository(tx);
  }

  async findEnabledById(id: string): Promise<OrganizationRow | undefined> {
    const [row] = await this.db.select().from(organizations).where(and(eq(organizations.id, id), eq(organizations.enabled, true))).limit(1);
    return row;
  }

  /** The enabled organization of this employer code, whatever its case. */
  async findEnabledByCode(code: string): Promise<OrganizationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(organizations)
      .where(and(sql`upper(${organizations.code}) = upper(${code})`, eq(organizations.enabled, true)))
      .limit(1);
    return row;
  }

  async findAnyById(id: string): Promise<OrganizationRow | undefined> {
    const [row] = await this.db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
    return row;
  }

  sitesOf(organizationId: string) {
    return this.db.select({ id: organizationSites.id, name: organizationSites.name }).from(organizationSites).where(eq(organizationSites.organizationId, organizationId)).orderBy(organizationSites.name);
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

  /** The member's site goes with her organization (she left it, or joined another). */
  async clearMemberSite(memberId: string): Promise<void> {
    await this.db.delete(memberOrganizationSites).where(eq(memberOrganizationSites.memberId, memberId));
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

  // --- the admin console ------------------------------------------------------------------------

  /** Every organization (enabled or not), newest first, by name or code. */
  async page(q: { search?: string; offset: number; limit: number }): Promise<{ rows: OrganizationRow[]; total: number }> {
    const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
    const where = term ? or(ilike(organizations.name, term), ilike(organizations.code, term)) : undefined;
    const [rows, [totalRow]] = await Promise.all([
      this.db.select().from(organizations).where(where).orderBy(desc(organizations.createdAt), organizations.id).offset(q.offset).limit(q.limit),
      this.db.select({ n: count() }).from(organizations).where(where),
    ]);
    return { rows, total: totalRow?.n ?? 0 };
  }

  /** What the console shows with each organization from this module's tables: sites and partner. */
  async detailsOf(ids: string[]) {
    if (ids.length === 0) return { sites: [], partners: [] };
    const [sites, partners] = await Promise.all([
      this.db.select().from(organizationSites).where(inArray(organizationSites.organizationId, ids)).orderBy(organizationSites.name),
      this.db.select().from(organizationPartners).where(inArray(organizationPartners.organizationId, ids)),
    ]);
    return { sites, partners };
  }

  /** Another organization already has this code (whatever the case). */
  async codeTaken(code: string, exceptId?: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(sql`upper(${organizations.code}) = upper(${code})`, exceptId ? sql`${organizations.id} <> ${exceptId}` : undefined))
      .limit(1);
    return rows.length > 0;
  }

  async existingIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.select({ id: organizations.id }).from(organizations).where(inArray(organizations.id, ids));
    return rows.map((r) => r.id);
  }

  async insertOrganization(row: typeof organizations.$inferInsert): Promise<OrganizationRow> {
    const [created] = await this.db.insert(organizations).values(row).returning();
    return created!;
  }

  async updateOrganization(id: string, changes: Partial<typeof organizations.$inferInsert>): Promise<void> {
    await this.db.update(organizations).set(changes).where(eq(organizations.id, id));
  }

  async lockOrganization(id: string): Promise<OrganizationRow | undefined> {
    const [row] = await this.db.select().from(organizations).where(eq(organizations.id, id)).for('update');
    return row;
  }

  /**
   * Makes the organization's sites the given list: kept ids are renamed, new names added, the rest
   * removed. A site some member chose cannot be removed: its id is returned and nothing changes.
   */
  async replaceSites(organizationId: string, sites: readonly { id?: string; name: string }[], now: Date): Promise<{ inUse: string[]; unknown: string[] }> {
    const current = await this.db.select({ id: organizationSites.id }).from(organizationSites).where(eq(organizationSites.organizationId, organizationId));
    const currentIds = new Set(current.map((s) => s.id));
    const kept = sites.filter((s): s is { id: string; name: string } => s.id !== undefined);
    const unknown = kept.filter((s) => !currentIds.has(s.id)).map((s) => s.id);
    if (unknown.length > 0) return { inUse: [], unknown };
    const removed = [...currentIds].filter((id) => !kept.some((k) => k.id === id));
    if (removed.length > 0) {
      const used = await this.db.selectDistinct({ siteId: memberOrganizationSites.siteId }).from(memberOrganizationSites).where(inArray(memberOrganizationSites.siteId, removed));
      if (used.length > 0) return { inUse: used.map((u) => u.siteId), unknown: [] };
      await this.db.delete(organizationSites).where(and(eq(organizationSites.organizationId, organizationId), inArray(organizationSites.id, removed)));
    }
    for (const s of kept) await this.db.update(organizationSites).set({ name: s.name }).where(eq(organizationSites.id, s.id));
    const added = sites.filter((s) => s.id === undefined);
    if (added.length > 0) await this.db.insert(organizationSites).values(added.map((s) => ({ organizationId, name: s.name, createdAt: now })));
    return { inUse: [], unknown: [] };
  }

  async setPartner(organizationId: string, partner: { partnerId: string; partnerName: string; colors: { primary: string; secondary: string; background?: string } } | null): Promise<void> {
    if (!partner) {
      await this.db.delete(organizationPartners).where(eq(organizationPartners.organizationId, organizationId));
      return;
    }
    await this.db
      .insert(organizationPartners)
      .values({ organizationId, ...partner })
      .onConflictDoUpdate({ target: organizationPartners.organizationId, set: { partnerId: partner.partnerId, partnerName: partner.partnerName, colors: partner.colors } });
  }

  /** Whether a parent chain starting at `parentId` reaches `organizationId` (a cycle). */
  async wouldCycle(organizationId: string, parentId: string): Promise<boolean> {
    let cursor: string | null = parentId;
    for (let depth = 0; cursor && depth < 50; depth++) {
      if (cursor === organizationId) return true;
      const [row] = await this.db.select({ parent: organizations.parentOrganizationId }).from(organizations).where(eq(organizations.id, cursor)).limit(1);
      cursor = row?.parent ?? null;
    }
    return false;
  }
}
