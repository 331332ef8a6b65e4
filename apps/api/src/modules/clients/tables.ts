import type { WhiteLabelOptions } from '@bp/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizationsPrimaryKey, organizationUsersPrimaryKey } from '../organizations/keys.ts';
import { usersPrimaryKey } from '../users/keys.ts';

/** Who referred a client (an advisor, a family office); may give its clients a white-label look. */
export const clientReferrers = pgTable(
  'client_referrers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    guid: uuid('guid').notNull().defaultRandom(),
    name: text('name').notNull(),
    whiteLabelEnabled: boolean('white_label_enabled').notNull().default(false),
    newsEnabled: boolean('news_enabled').notNull().default(false),
    exploreServicesEnabled: boolean('explore_services_enabled').notNull().default(false),
    options: jsonb('options').$type<WhiteLabelOptions>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('client_referrers_guid_key').on(t.guid)],
);

/** A client of an organisation: a household or person whose bills are paid. */
export const clients = pgTable(
  'clients',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    guid: uuid('guid').notNull().defaultRandom(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizationsPrimaryKey),
    name: text('name').notNull(),
    service: text('service', { enum: ['bill_pay', 'family_office_accounting'] })
      .notNull()
      .default('bill_pay'),
    primaryContact: text('primary_contact'),
    /** Fees in cents per service; total_ff_amount is their sum, computed on read. */
    bpFfAmount: bigint('bp_ff_amount', { mode: 'number' }).notNull().default(0),
    foaFfAmount: bigint('foa_ff_amount', { mode: 'number' }).notNull().default(0),
    hasProperties: boolean('has_properties').notNull().default(false),
    isOnboardingCompleted: boolean('is_onboarding_completed').notNull().default(false),
    clientReferrerId: bigint('client_referrer_id', { mode: 'number' }).references(() => clientReferrers.id),
    /** Set when the onboarding invitation was last sent. */
    onboardingInvitedAt: timestamp('onboarding_invited_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clients_guid_key').on(t.guid),
    index('clients_org_name_idx').on(t.organizationId, t.name),
    // The staff list shows active clients by name: counting and paging stay on this index.
    index('clients_org_active_name_idx')
      .on(t.organizationId, t.name, t.id)
      .where(sql`${t.archivedAt} IS NULL`),
    // Search is `name ILIKE '%term%'`, which only a trigram index can serve (migration 0002 enables pg_trgm).
    index('clients_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('clients_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** A user's place on a client: its role and relation (primary, designee, wealth_manager, ...). */
export const clientUsers = pgTable(
  'client_users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    guid: uuid('guid').notNull().defaultRandom(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => usersPrimaryKey, { onDelete: 'cascade' }),
    /** client | designee | observer | reviewer | exec */
    role: text('role').notNull().default('client'),
    clientRelation: text('client_relation').notNull().default('primary'),
    nickname: text('nickname'),
    shouldUpdate: boolean('should_update').notNull().default(false),
    isQboClass: boolean('is_qbo_class').notNull().default(false),
    status: text('status', { enum: ['pending', 'active', 'accepted', 'pending_invite'] })
      .notNull()
      .default('active'),
    /** Designees: the largest bill in cents they may approve; 0 = Unlimited. */
    approvalLimit: bigint('approval_limit', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('client_users_guid_key').on(t.guid),
    uniqueIndex('client_users_client_user_key').on(t.clientId, t.userId),
    index('client_users_user_idx').on(t.userId),
  ],
);

/** Staff assigned to a client (or its backup). */
export const clientAssignments = pgTable(
  'client_assignments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    guid: uuid('guid').notNull().defaultRandom(),
    organizationUserId: bigint('organization_user_id', { mode: 'number' })
      .notNull()
      .references(() => organizationUsersPrimaryKey, { onDelete: 'cascade' }),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['assigned', 'backup'] })
      .notNull()
      .default('assigned'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('client_assignments_guid_key').on(t.guid),
    uniqueIndex('client_assignments_user_client_key').on(t.organizationUserId, t.clientId),
    index('client_assignments_client_idx').on(t.clientId),
  ],
);
