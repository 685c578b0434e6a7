import {
  adminOrganizationListQuerySchema,
  organizationInputSchema,
  organizationPatchSchema,
  type AdminOrganizationDto,
  type AdminOrganizationPage,
  type AdminTopicTemplates,
  type OrganizationPatch,
} from '@puente/contracts';
import { dependantOrganizationsFromSettings, INVALID_VALUE_KEY, isUuid, normalizeOrgFlag, productsListedIn, type OrganizationFlag, type PartnerProduct } from '@puente/domain';
import type { Db } from '../../db/client';
import type { OrganizationRow } from '../../db/schema';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import type { Clock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import type { Actor } from '../auth/session-scope';
import type { MembersService } from '../members/members.service';
import type { TopicsService } from '../topics/topics.service';
import { organizationFlags } from '../members/members.presenter';
import type { OrganizationsRepository } from './organizations.repository';

export interface OrganizationsAdminDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  /** An organization's topics template is the topics module's: listed, read and written there (its cache is told after a change). */
  topics: Pick<TopicsService, 'forgetOrganization' | 'templateList' | 'organizationTemplateIds' | 'writeOrganizationTemplate'>;
  /** How many members each organization has (the members module's accounts). */
  members: Pick<MembersService, 'countByOrganization'>;
}

/** The organization's settings map with the flags written the one canonical way (and the dependant organizations and products). */
const settingsWith = (current: Record<string, unknown>, flags: readonly OrganizationFlag[], dependantOrganizations: readonly string[], products: readonly PartnerProduct[]): Record<string, unknown> => {
  const kept = Object.fromEntries(Object.entries(current).filter(([key]) => normalizeOrgFlag(key) === undefined && key !== 'dependantOrganizations' && key !== 'products'));
  return { ...kept, ...Object.fromEntries(flags.map((f) => [f, true])), dependantOrganizations: [...dependantOrganizations], products: products.map((p) => ({ id: p.id, title: p.title })) };
};

/**
 * The admin console's organizations (issue 15): list, create and edit an organization with its
 * code, type, parent, settings, sites, partner theme, home page, topics template and dependant
 * organizations. Admins only (anyone else NOT_FOUND); every read and write is audited, a write in
 * its own transaction with its audit row.
 */
export class OrganizationsAdmin {
  constructor(
    private readonly deps: OrganizationsAdminDeps,
    private readonly repo: OrganizationsRepository,
  ) {}

  private admin(actor: Actor): void {
    if (actor.userType !== 'admin' || actor.sessionScope) throw new AppError('NOT_FOUND');
  }

  async list(actor: Actor, query: unknown): Promise<AdminOrganizationPage> {
    this.admin(actor);
    const q = parseWith(adminOrganizationListQuerySchema, query);
    const { rows, total } = await this.repo.page({ search: q.search || undefined, offset: q.page * q.pageSize, limit: q.pageSize });
    await this.deps.audit.record({ actor, action: 'read', resource: 'organization-directory' });
    return { items: await this.present(rows), total };
  }

  async get(actor: Actor, id: string): Promise<AdminOrganizationDto> {
    this.admin(actor);
    const org = isUuid(id) ? await this.repo.findAnyById(id) : undefined;
    if (!org) throw new AppError('NOT_FOUND');
    await this.deps.audit.record({ actor, action: 'read', resource: 'organization', recordId: id });
    return (await this.present([org]))[0]!;
  }

  async topicTemplates(actor: Actor): Promise<AdminTopicTemplates> {
    this.admin(actor);
    return { items: await this.deps.topics.templateList() };
  }

  async create(actor: Actor, body: unknown): Promise<AdminOrganizationDto> {
    this.admin(actor);
    const input = parseWith(organizationInputSchema, body);
    const now = this.deps.clock.now();
    const id = await this.write(async (tx) => {
      const repo = this.repo.with(tx);
      await this.check(repo, tx, undefined, input);
      const org = await repo.insertOrganization({
        name: input.name,
        code: input.code,
        type: input.type,
        enabled: input.enabled,
        parentOrganizationId: input.parentOrganizationId,
        homePageUrl: input.homePageUrl,
        flags: [...input.settings],
        settings: settingsWith({}, input.settings, input.dependantOrganizations, input.products),
        createdAt: now,
        updatedAt: now,
      });
      await repo.replaceSites(org.id, input.sites, now);
      if (input.partner) await repo.setPartner(org.id, input.partner);
      if (input.topicsTemplateId) await this.deps.topics.writeOrganizationTemplate(org.id, input.topicsTemplateId, tx);
      await this.deps.audit.record({ actor, action: 'create', resource: 'organization', recordId: org.id, fields: Object.keys(input) }, tx);
      return org.id;
    });
    return (await this.present([(await this.repo.findAnyById(id))!]))[0]!;
  }

  async update(actor: Actor, id: string, body: unknown): Promise<AdminOrganizationDto> {
    this.admin(actor);
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const changes = parseWith(organizationPatchSchema, body);
    const changed = Object.keys(changes).filter((k) => changes[k as keyof OrganizationPatch] !== undefined);
    const now = this.deps.clock.now();
    await this.write(async (tx) => {
      const repo = this.repo.with(tx);
      const org = await repo.lockOrganization(id);
      if (!org) throw new AppError('NOT_FOUND');
      if (changed.length === 0) return;
      await this.check(repo, tx, org.id, changes);
      const flags = changes.settings ?? organizationFlags(org);
      const dependants = changes.dependantOrganizations ?? dependantOrganizationsFromSettings(org.settings);
      const products = changes.products ?? productsListedIn(org.settings);
      await repo.updateOrganization(id, {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.code !== undefined && { code: changes.code }),
        ...(changes.type !== undefined && { type: changes.type }),
        ...(changes.enabled !== undefined && { enabled: changes.enabled }),
        ...(changes.parentOrganizationId !== undefined && { parentOrganizationId: changes.parentOrganizationId }),
        ...(changes.homePageUrl !== undefined && { homePageUrl: changes.homePageUrl }),
        ...((changes.settings !== undefined || changes.dependantOrganizations !== undefined || changes.products !== undefined) && { flags: [...flags], settings: settingsWith(org.settings, flags, dependants, products) }),
        updatedAt: now,
      });
      if (changes.sites !== undefined) {
        const { inUse, unknown } = await repo.replaceSites(id, changes.sites, now);
        if (unknown.length > 0) throw new AppError('INVALID_DATA', { fields: { sites: INVALID_VALUE_KEY } });
        if (inUse.length > 0) throw new AppError('CONFLICT', { fields: { sites: 'admin_organization_site_in_use' } });
      }
      if (changes.partner !== undefined) await repo.setPartner(id, changes.partner);
      if (changes.topicsTemplateId !== undefined) await this.deps.topics.writeOrganizationTemplate(id, changes.topicsTemplateId, tx);
      await this.deps.audit.record({ actor, action: 'update', resource: 'organization', recordId: id, fields: changed }, tx);
    });
    if (changes.topicsTemplateId !== undefined) this.deps.topics.forgetOrganization(id);
    return (await this.present([(await this.repo.findAnyById(id))!]))[0]!;
  }

  // --- internals ---------------------------------------------------------------------------------

  /** A write and its audit row in one transaction; two admins taking one code at once: the second is told. */
  private async write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.deps.db.transaction(work).catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      if (String((error as { code?: unknown }).code) === '23505') throw new AppError('CONFLICT', { fields: { code: 'admin_organization_code_taken' } });
      throw error;
    });
  }

  /** The references a form names must exist: code free, parent and dependant organizations, template. */
  private async check(repo: OrganizationsRepository, tx: Db, selfId: string | undefined, v: OrganizationPatch): Promise<void> {
    const fields: Record<string, string> = {};
    if (v.code && (await repo.codeTaken(v.code, selfId))) {
      throw new AppError('CONFLICT', { fields: { code: 'admin_organization_code_taken' } });
    }
    if (v.parentOrganizationId) {
      const exists = (await repo.existingIds([v.parentOrganizationId])).length === 1;
      if (!exists || v.parentOrganizationId === selfId || (selfId && (await repo.wouldCycle(selfId, v.parentOrganizationId)))) fields.parentOrganizationId = INVALID_VALUE_KEY;
    }
    if (v.dependantOrganizations && v.dependantOrganizations.length > 0) {
      const found = await repo.existingIds(v.dependantOrganizations);
      v.dependantOrganizations.forEach((d, i) => {
        if (!found.includes(d)) fields[`dependantOrganizations.${i}`] = INVALID_VALUE_KEY;
      });
    }
    if (v.topicsTemplateId && !(await this.deps.topics.templateList(tx)).some((t) => t.id === v.topicsTemplateId)) fields.topicsTemplateId = INVALID_VALUE_KEY;
    if (v.sites) {
      const names = new Set<string>();
      v.sites.forEach((s, i) => {
        const key = s.name.toLocaleLowerCase();
        if (names.has(key)) fields[`sites.${i}.name`] = 'admin_organization_site_duplicate';
        names.add(key);
      });
    }
    if (v.products) {
      const ids = new Set<string>();
      v.products.forEach((p, i) => {
        if (ids.has(p.id)) fields[`products.${i}.id`] = 'admin_organization_product_duplicate';
        ids.add(p.id);
      });
    }
    if (Object.keys(fields).length > 0) throw new AppError('INVALID_DATA', { fields });
  }

  private async present(rows: OrganizationRow[]): Promise<AdminOrganizationDto[]> {
    const ids = rows.map((r) => r.id);
    const [d, templates, members] = await Promise.all([this.repo.detailsOf(ids), this.deps.topics.organizationTemplateIds(ids), this.deps.members.countByOrganization(ids)]);
    return rows.map((org) => {
      const partner = d.partners.find((p) => p.organizationId === org.id);
      return {
        id: org.id,
        name: org.name,
        code: org.code,
        type: org.type,
        enabled: org.enabled,
        parentOrganizationId: org.parentOrganizationId,
        homePageUrl: org.homePageUrl,
        settings: organizationFlags(org),
        sites: d.sites.filter((s) => s.organizationId === org.id).map((s) => ({ id: s.id, name: s.name })),
        partner: partner ? { partnerId: partner.partnerId, partnerName: partner.partnerName, colors: partner.colors } : null,
        topicsTemplateId: templates.get(org.id) ?? null,
        dependantOrganizations: dependantOrganizationsFromSettings(org.settings),
        products: productsListedIn(org.settings),
        members: members.get(org.id) ?? 0,
        createdAt: org.createdAt.toISOString(),
      };
    });
  }
}
