import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** spec 3 Organization sites (id, name). */
export const organizationSites = pgTable(
  'organization_sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('organization_sites_org_idx').on(t.organizationId)],
);

/** spec 3 Partner (partnerId, partnerName, theme colours) of an organization. */
export const organizationPartners = pgTable('organization_partners', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  partnerId: text('partner_id').notNull(),
  partnerName: text('partner_name').notNull(),
  /** The partner's colours as the admin typed them (#rrggbb); the app derives AA variants (domain partnerPalette). */
  colors: jsonb('colors').$type<{ primary: string; secondary: string; background?: string }>().notNull(),
});

/** spec 3 member organizationSite: the member's site in her organization (one row while she belongs to it). */
export const memberOrganizationSites = pgTable('member_organization_sites', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => users.id),
  organizationId: uuid('organization_id').notNull(),
  siteId: uuid('site_id')
    .notNull()
    .references(() => organizationSites.id),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The eligibility roster of an organization: one row per listed person (phone or identification
 * number). A person leaving the roster is end-dated (terminatedAt), never deleted, so who was
 * eligible when stays known.
 */
export const organizationRosterEntries = pgTable(
  'organization_roster_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The identity key: 'phone:+52…' or 'id:EMP-001' (one live row per key per organization). */
    matchKey: text('match_key').notNull(),
    phoneNumber: text('phone_number'),
    identificationNumber: text('identification_number'),
    addedAt: ts('added_at').notNull(),
    terminatedAt: ts('terminated_at'),
  },
  (t) => [
    uniqueIndex('organization_roster_live_key_unique').on(t.organizationId, t.matchKey).where(sql`${t.terminatedAt} is null`),
    index('organization_roster_phone_idx').on(t.phoneNumber),
    index('organization_roster_identification_idx').on(t.identificationNumber),
  ],
);
