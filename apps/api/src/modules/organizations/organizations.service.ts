import type { EmployerCodeOrganizations, MemberDto, OPTION_LISTS, OptionDto, OrganizationDto, RosterReportDto, ThemeConfigDto } from '@puente/contracts';
import { organizationSiteChangeSchema } from '@puente/contracts';
import { EMPLOYER_CODE_KEYS, EMPLOYER_CODE_LOOKUPS, ROSTER_LIMITS, canChangeSite, dependantOrganizationsFromSettings, employerCodeSchema, isUuid, partnerProductsOf, practiceOffered, type PartnerProduct, rosterRowSchema, type Practice, type RosterMode, type RosterRow } from '@puente/domain';
import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { OrganizationRow, UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../providers/rate-limit/rate-limiter';
import type { AuditService } from '../audit/audit.service';
import { organizationFlags } from '../members/members.presenter';
import type { MembersService } from '../members/members.service';
import type { MembershipService } from '../membership/membership.service';
import { OrganizationsAdmin, type OrganizationsAdminDeps } from './organizations.admin';
import { OrganizationsRepository } from './organizations.repository';

export interface OrganizationsServiceDeps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  membership: Pick<MembershipService, 'record'>;
  /** A member's organization link is a column of her account (the members module's table). */
  members: Pick<MembersService, 'getOwnMember' | 'findById' | 'lockActive' | 'update' | 'membersOfOrganization' | 'countByOrganization'>;
  audit: AuditService;
  /** An organization's topics template is the topics module's (and its cache, dropped when an admin changes it). */
  topics: OrganizationsAdminDeps['topics'];
}

type Actor = UserRow;

/** Why a member's employer link changed, as the ledger records it. */
type LinkOrigin = 'employer-code' | 'organization-link' | 'roster' | 'member-left' | 'roster-removed';

const CSV_HEADERS: Record<string, keyof RosterRow> = {
  phone: 'phoneNumber',
  phonenumber: 'phoneNumber',
  telefono: 'phoneNumber',
  identificationnumber: 'identificationNumber',
  identification: 'identificationNumber',
  id: 'identificationNumber',
  employeeid: 'identificationNumber',
  action: 'action',
  accion: 'action',
};
const headerKey = (h: string): string =>
  h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z]/gi, '')
    .toLowerCase();

const matchKeyOf = (r: { phoneNumber?: string | null; identificationNumber?: string | null }): string => (r.phoneNumber ? `phone:${r.phoneNumber}` : `id:${r.identificationNumber ?? ''}`);

/**
 * Organizations and partners (issue 15): employer codes, a member's link to an organization (the
 * employer source of the entitlement ledger: joining appends a grant, leaving ends it), sites,
 * the partner theme and the eligibility rosters.
 */
export class OrganizationsService {
  private readonly repo: OrganizationsRepository;
  /** The admin console's organization screens. */
  readonly admin: OrganizationsAdmin;

  constructor(private readonly deps: OrganizationsServiceDeps) {
    this.repo = new OrganizationsRepository(deps.db);
    this.admin = new OrganizationsAdmin({ db: deps.db, clock: deps.clock, audit: deps.audit, topics: deps.topics, members: deps.members }, this.repo);
  }

  /** GET /api/employer-code/{code}/organizations: rate limited per IP; an unknown code is an empty list. */
  async lookupCode(rawCode: string, ip: string): Promise<EmployerCodeOrganizations> {
    await this.throttle(`employer-code:ip:${ip}`);
    const code = employerCodeSchema.safeParse(rawCode);
    if (!code.success) return { organizations: [] };
    const org = await this.findEnabled({ empCode: code.data });
    return { organizations: org?.code ? [{ id: org.id, name: org.name, code: org.code }] : [] };
  }

  /**
   * An enabled organization by id (ignored unless a UUID) or employer code, on the caller's
   * transaction when given: the one lookup sign-up, the member's view and the family plan use.
   */
  async findEnabled(input: { orgId?: string | null; empCode?: string | null }, tx?: Db): Promise<OrganizationRow | undefined> {
    const repo = tx ? this.repo.with(tx) : this.repo;
    const byId = input.orgId && isUuid(input.orgId) ? await repo.findEnabledById(input.orgId) : undefined;
    return byId ?? (input.empCode ? await repo.findEnabledByCode(input.empCode) : undefined);
  }

  /** PATCH /api/users/{id}/employer-code/{code}: the member joins the organization of the code. */
  async associateByCode(actor: Actor, userId: string, rawCode: string): Promise<MemberDto> {
    const me = this.ownMember(actor, userId);
    await this.throttle(`employer-code:user:${me.id}`);
    const code = employerCodeSchema.safeParse(rawCode);
    const org = code.success ? await this.findEnabled({ empCode: code.data }) : undefined;
    if (!org) throw new AppError('INVALID_DATA', { fields: { code: EMPLOYER_CODE_KEYS.invalid } });
    await this.deps.db.transaction((tx) => this.link(tx, me.id, org, 'employer-code'));
    return this.deps.members.getOwnMember(me);
  }

  /**
   * PATCH /api/users/{id}/organizations/{orgId}: the member joins an organization by id, which is
   * what a partner's public link (/login?orgId=) carries. Only a partner organization is joined this
   * way: an employer is joined with its code (or its roster), so an id alone, which is no secret,
   * never opens an employer's benefit (any other id is NOT_FOUND). Throttled per member as the code.
   */
  async associateById(actor: Actor, userId: string, orgId: string): Promise<MemberDto> {
    const me = this.ownMember(actor, userId);
    await this.throttle(`organization-link:user:${me.id}`);
    const org = await this.partnerById(orgId);
    if (!org) throw new AppError('NOT_FOUND');
    await this.deps.db.transaction((tx) => this.link(tx, me.id, org, 'organization-link'));
    return this.deps.members.getOwnMember(me);
  }

  /**
   * The organization a sign-in joins (phone verify, identity provider): the one of its employer code,
   * else the one of its id if that is a partner's (a partner's public link, /login?orgId=). An id
   * alone never joins an employer (its code or its roster does, see joinFromRoster); an unknown or
   * disabled id joins nothing. The rule of associateById, on the caller's transaction.
   */
  async signInOrganization(input: { orgId?: string | null; empCode?: string | null }, tx?: Db): Promise<OrganizationRow | undefined> {
    const code = input.empCode ? employerCodeSchema.safeParse(input.empCode) : undefined;
    const byCode = code?.success ? await this.findEnabled({ empCode: code.data }, tx) : undefined;
    return byCode ?? (input.orgId ? await this.partnerById(input.orgId, tx) : undefined);
  }

  /**
   * unlinkOrganizationFromMember(memberId): the member leaves her organization (/cancela-membresia-
   * organizacion); the employer benefit is end-dated in the ledger. Only the member herself.
   */
  async unlink(actor: Actor, memberId: string): Promise<MemberDto> {
    const me = this.ownMember(actor, memberId);
    await this.deps.db.transaction(async (tx) => {
      const member = await this.deps.members.lockActive(me.id, tx);
      if (!member) throw new AppError('NOT_FOUND');
      await this.unlinkLocked(tx, member, 'member-left');
    });
    return this.deps.members.getOwnMember(me);
  }

  /** PATCH /api/users/{id}/organization-site: spec 5, organizationSite required and one of her organization's sites. */
  async changeSite(actor: Actor, userId: string, body: unknown): Promise<OrganizationDto> {
    const me = this.ownMember(actor, userId);
    const member = await this.deps.members.getOwnMember(me);
    const orgId = member.organizationId;
    const org = orgId ? await this.findEnabled({ orgId }) : undefined;
    if (!org) throw new AppError('NOT_FOUND');
    const sites = await this.repo.sitesOf(org.id);
    // spec 2: the site change exists only for organizations with more than one site.
    if (!canChangeSite(sites)) throw new AppError('NOT_FOUND');
    const { organizationSite } = parseWith(organizationSiteChangeSchema, body);
    if (!sites.some((s) => s.id === organizationSite)) throw new AppError('INVALID_DATA', { fields: { organizationSite: 'change_organization_site_missing_fields' } });
    await this.repo.setMemberSite(me.id, org.id, organizationSite, this.deps.clock.now());
    return this.present(org, me.id);
  }

  /** getOrganization(organizationId): a member reads her own organization; an admin any; anyone else NOT_FOUND. */
  async getOrganization(actor: Actor, organizationId: string): Promise<OrganizationDto> {
    if (!isUuid(organizationId)) throw new AppError('NOT_FOUND');
    // The session's row may be cached: her organization is read fresh.
    const actorOrganizationId = actor.userType === 'member' ? ((await this.deps.members.findById(actor.id))?.organizationId ?? null) : null;
    const allowed = actor.userType === 'admin' || (actor.userType === 'member' && actorOrganizationId === organizationId);
    const org = allowed ? await this.findEnabled({ orgId: organizationId }) : undefined;
    if (!org) throw new AppError('NOT_FOUND');
    return this.present(org, actor.id);
  }

  /** getOptionsFor(name): organizationSites lists her organization's sites, her own as the default (none without one). */
  async optionsFor(actor: Actor, name: (typeof OPTION_LISTS)[number]): Promise<OptionDto[]> {
    switch (name) {
      case 'organizationSites': {
        const organizationId = actor.userType === 'member' ? (await this.deps.members.findById(actor.id))?.organizationId : null;
        if (!organizationId) return [];
        const [sites, mine] = await Promise.all([this.repo.sitesOf(organizationId), this.repo.memberSite(actor.id, organizationId)]);
        return sites.map((s) => ({ key: s.id, label: s.name, value: s.id, defaultOption: s.id === mine, disabled: false, color: null }));
      }
    }
  }

  /** GET /api/organizations/{id}/theme-config: public (the partner's look comes before sign-in); no partner: NOT_FOUND. */
  async themeConfig(organizationId: string): Promise<ThemeConfigDto> {
    const org = isUuid(organizationId) ? await this.findEnabled({ orgId: organizationId }) : undefined;
    const partner = org ? await this.repo.partnerOf(org.id) : undefined;
    if (!partner) throw new AppError('NOT_FOUND');
    return { partnerId: partner.partnerId, partnerName: partner.partnerName, colors: { primary: partner.colors.primary, secondary: partner.colors.secondary, background: partner.colors.background ?? null }, homePageUrl: org!.homePageUrl };
  }

  /**
   * POST /api/admin/organizations/{id}/roster: admins only (anyone else NOT_FOUND), audited. A
   * file with a bad row changes nothing and reports every bad row; a good full file ends the
   * benefit of members no longer listed, an add/term file changes only its rows.
   */
  async uploadRoster(actor: Actor, organizationId: string, mode: RosterMode, csv: string): Promise<RosterReportDto> {
    if (actor.userType !== 'admin' || !isUuid(organizationId)) throw new AppError('NOT_FOUND');
    const org = await this.repo.findAnyById(organizationId);
    if (!org) throw new AppError('NOT_FOUND');
    const empty: RosterReportDto = { mode, applied: false, rows: 0, added: 0, terminated: 0, membersEnded: 0, errors: [] };
    const parsed = this.parseRoster(csv, mode);
    if (parsed.errors.length > 0) return { ...empty, rows: parsed.rows.length, errors: parsed.errors };
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      // One upload per organization at a time.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`roster:${org.id}`}))`);
      const live = await repo.liveRoster(org.id);
      const liveByKey = new Map(live.map((e) => [e.matchKey, e]));
      const listed = new Map<string, RosterRow>();
      const termed = new Set<string>();
      for (const row of parsed.rows) {
        if (row.action === 'term') termed.add(matchKeyOf(row));
        else listed.set(matchKeyOf(row), row);
      }
      const toAdd = [...listed].filter(([key]) => !liveByKey.has(key));
      const toEnd = live.filter((e) => (mode === 'full' ? !listed.has(e.matchKey) : termed.has(e.matchKey) && !listed.has(e.matchKey)));
      await repo.addRosterEntries(toAdd.map(([matchKey, r]) => ({ organizationId: org.id, matchKey, phoneNumber: r.phoneNumber ?? null, identificationNumber: r.identificationNumber ?? null, addedAt: now })));
      await repo.terminateRosterEntries(
        toEnd.map((e) => e.id),
        now,
      );
      // Who keeps the benefit: members matched by a live entry after this file.
      const stillLive = [...live.filter((e) => !toEnd.includes(e)), ...toAdd.map(([, r]) => ({ phoneNumber: r.phoneNumber ?? null, identificationNumber: r.identificationNumber ?? null }))];
      const phones = new Set(stillLive.map((e) => e.phoneNumber).filter(Boolean));
      const ids = new Set(stillLive.map((e) => e.identificationNumber).filter(Boolean));
      const endedEntries = toEnd;
      const endedPhones = new Set(endedEntries.map((e) => e.phoneNumber).filter(Boolean));
      const endedIds = new Set(endedEntries.map((e) => e.identificationNumber).filter(Boolean));
      let membersEnded = 0;
      for (const m of await this.deps.members.membersOfOrganization(org.id, tx)) {
        const eligible = (m.phoneNumber && phones.has(m.phoneNumber)) || (m.identificationNumber && ids.has(m.identificationNumber));
        if (eligible) continue;
        // A full file defines who is eligible; an add/term file ends only the members its term rows name.
        const named = (m.phoneNumber && endedPhones.has(m.phoneNumber)) || (m.identificationNumber && endedIds.has(m.identificationNumber));
        if (mode === 'delta' && !named) continue;
        const member = await this.deps.members.lockActive(m.id, tx);
        if (!member || member.organizationId !== org.id) continue;
        await this.unlinkLocked(tx, member, 'roster-removed');
        await this.deps.audit.record({ actor, action: 'update', resource: 'organization-membership', subjectId: m.id, recordId: org.id, fields: ['organizationId'] }, tx);
        membersEnded++;
      }
      return { mode, applied: true, rows: parsed.rows.length, added: toAdd.length, terminated: toEnd.length, membersEnded, errors: [] };
    });
  }

  /** Whether a live roster of an enabled organization lists this phone or identification number. */
  async rosterListed(member: Pick<UserRow, 'phoneNumber' | 'identificationNumber'>, tx?: Db): Promise<boolean> {
    return (await (tx ? this.repo.with(tx) : this.repo).rosterOrganizationFor(member.phoneNumber, member.identificationNumber)) !== undefined;
  }

  /**
   * On sign-in: a member with no organization whose phone or identification number a live roster
   * lists joins that organization (the employer grant is written with it). Returns whether she joined.
   */
  async joinFromRoster(member: Pick<UserRow, 'id' | 'userType' | 'organizationId' | 'phoneNumber' | 'identificationNumber'>): Promise<boolean> {
    if (member.userType !== 'member' || member.organizationId) return false;
    const org = await this.repo.rosterOrganizationFor(member.phoneNumber, member.identificationNumber);
    if (!org) return false;
    return this.deps.db.transaction(async (tx) => {
      const locked = await this.deps.members.lockActive(member.id, tx);
      if (!locked || locked.organizationId) return false;
      await this.link(tx, member.id, org, 'roster');
      return true;
    });
  }

  /**
   * Before a consultation: a member of an organization that offers only physical or only mental
   * health (spec 3 PHYSICAL_HEALTH_AVAILABLE, MENTAL_HEALTH_AVAILABLE) cannot ask for the other.
   */
  async assertPracticeOffered(actor: Pick<UserRow, 'id' | 'userType'>, practice: Practice): Promise<void> {
    if (actor.userType !== 'member') return;
    const organizationId = (await this.deps.members.findById(actor.id))?.organizationId;
    const org = organizationId ? await this.findEnabled({ orgId: organizationId }) : undefined;
    if (org && !practiceOffered(organizationFlags(org), practice)) throw new AppError('INVALID_DATA', { fields: { practice: 'practice_not_available' } });
  }

  /** OFFERS_PRODUCTS (spec 6): the products of the member's organization for her consultation note (none without the flag). */
  async partnerProducts(memberId: string): Promise<PartnerProduct[]> {
    const organizationId = (await this.deps.members.findById(memberId))?.organizationId;
    const org = organizationId ? await this.findEnabled({ orgId: organizationId }) : undefined;
    return org ? partnerProductsOf(organizationFlags(org), org.settings) : [];
  }

  /** An organization's partner (spec 3), if it has one: the members module's view of its organization. */
  partnerOf(organizationId: string): Promise<{ partnerId: string; partnerName: string } | undefined> {
    return isUuid(organizationId) ? this.repo.partnerOf(organizationId) : Promise.resolve(undefined);
  }

  // --- internals ---------------------------------------------------------------------------------

  private ownMember(actor: Actor, userId: string): Actor {
    // Another person's id, staff, or a bad id: NOT_FOUND (never say whether it exists).
    if (actor.userType !== 'member' || actor.id !== userId) throw new AppError('NOT_FOUND');
    return actor;
  }

  /** An enabled partner organization by id (what a partner link carries); anything else undefined. */
  private async partnerById(orgId: string, tx?: Db): Promise<OrganizationRow | undefined> {
    const org = isUuid(orgId) ? await this.findEnabled({ orgId }, tx) : undefined;
    return org && (await (tx ? this.repo.with(tx) : this.repo).partnerOf(org.id)) ? org : undefined;
  }

  private async throttle(key: string): Promise<void> {
    const r = await this.deps.limiter.hit(key, { limit: EMPLOYER_CODE_LOOKUPS.perIp, windowMs: EMPLOYER_CODE_LOOKUPS.windowMs, now: this.deps.clock.now() });
    if (!r.allowed) throw new AppError('LIMIT_EXCEEDED', { retryAfterSeconds: Math.max(1, Math.ceil(r.retryAfterMs / 1000)) });
  }

  /** Links the member to `org` in `tx`: the old organization's benefit ends, the new one's is granted. */
  private async link(tx: Db, memberId: string, org: OrganizationRow, origin: LinkOrigin): Promise<void> {
    const member = await this.deps.members.lockActive(memberId, tx);
    if (!member) throw new AppError('NOT_FOUND');
    if (member.organizationId === org.id) return;
    const now = this.deps.clock.now();
    if (member.organizationId) await this.endBenefit(tx, memberId, member.organizationId, origin, now);
    await this.setMemberOrganization(tx, memberId, org.id, now);
    await this.deps.membership.record(
      {
        memberId,
        event: { source: 'employer', kind: 'granted', entitlementKey: org.id, occurredAt: now, expiresAt: null, organizationId: org.id, organizationName: org.name },
        origin,
        dedupeKey: `employer:granted:${memberId}:${org.id}:${now.getTime()}`,
      },
      tx,
    );
  }

  private async unlinkLocked(tx: Db, member: UserRow, origin: LinkOrigin): Promise<void> {
    if (!member.organizationId) return;
    const now = this.deps.clock.now();
    await this.endBenefit(tx, member.id, member.organizationId, origin, now);
    await this.setMemberOrganization(tx, member.id, null, now);
  }

  /** Sets (or clears) the member's organization; her site in the old one goes with it. */
  private async setMemberOrganization(tx: Db, memberId: string, organizationId: string | null, now: Date): Promise<void> {
    await this.deps.members.update(memberId, { organizationId, updatedAt: now }, tx);
    await this.repo.with(tx).clearMemberSite(memberId);
  }

  private endBenefit(tx: Db, memberId: string, organizationId: string, origin: LinkOrigin, now: Date): Promise<boolean> {
    return this.deps.membership.record(
      {
        memberId,
        event: { source: 'employer', kind: 'ended', entitlementKey: organizationId, occurredAt: now, organizationId },
        origin,
        dedupeKey: `employer:ended:${memberId}:${organizationId}:${now.getTime()}`,
      },
      tx,
    );
  }

  private async present(org: OrganizationRow, actorId: string): Promise<OrganizationDto> {
    const [sites, partner, organizationSite] = await Promise.all([
      this.repo.sitesOf(org.id),
      this.repo.partnerOf(org.id),
      this.repo.memberSite(actorId, org.id),
    ]);
    return {
      id: org.id,
      name: org.name,
      homePageUrl: org.homePageUrl,
      settings: organizationFlags(org),
      sites,
      // spec 3 Organization.dependantOrganizations: the list the admin names, as getMember and the family plan read it (not the child organizations).
      dependantOrganizations: dependantOrganizationsFromSettings(org.settings),
      partner: partner ? { id: partner.partnerId, name: partner.partnerName } : null,
      organizationSite,
    };
  }

  /** Reads the CSV (header row; column names in es or en); every bad row is reported with its line. */
  private parseRoster(csv: string, mode: RosterMode): { rows: RosterRow[]; errors: RosterReportDto['errors'] } {
    const errors: RosterReportDto['errors'] = [];
    let records: string[][];
    try {
      records = parseCsv(csv, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: false }) as string[][];
    } catch (err) {
      const line = typeof (err as { lines?: unknown }).lines === 'number' ? (err as { lines: number }).lines : 0;
      return { rows: [], errors: [{ row: line, field: 'file', message: 'roster_file_invalid' }] };
    }
    const [header, ...body] = records;
    const columns = (header ?? []).map((h) => CSV_HEADERS[headerKey(h)]);
    if (!header || !columns.some((c) => c === 'phoneNumber' || c === 'identificationNumber')) {
      return { rows: [], errors: [{ row: 1, field: 'file', message: 'roster_header_invalid' }] };
    }
    if (body.length > ROSTER_LIMITS.maxRows) return { rows: [], errors: [{ row: ROSTER_LIMITS.maxRows + 2, field: 'file', message: 'roster_too_many_rows' }] };
    const rows: RosterRow[] = [];
    body.forEach((cells, i) => {
      const raw: Record<string, string> = {};
      columns.forEach((c, j) => {
        if (c) raw[c] = cells[j] ?? '';
      });
      const r = rosterRowSchema.safeParse(raw);
      const line = i + 2; // the header is line 1
      if (!r.success) {
        for (const issue of r.error.issues) errors.push({ row: line, field: String(issue.path[0] ?? 'row'), message: issue.message });
        return;
      }
      if (mode === 'full' && r.data.action === 'term') errors.push({ row: line, field: 'action', message: 'roster_action_invalid' });
      else rows.push(r.data);
    });
    return { rows, errors };
  }
}
