import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { usersPrimaryKey } from '../users/keys.ts';

/** A provider organisation: the tenant whose staff pay its clients' bills. */
export const organizations = pgTable(
  'organizations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    guid: uuid('guid').notNull().defaultRandom(),
    name: text('name').notNull(),
    /** Staff passwords older than this many days are expired; null = never. */
    passwordExpiryDays: integer('password_expiry_days'),
    mfaRequired: boolean('mfa_required').notNull().default(false),
    clientPropertyDefault: text('client_property_default').notNull().default('0'),
    supportEmail: text('support_email'),
    supportPhone: text('support_phone'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organizations_guid_key').on(t.guid)],
);

/** Membership of a staff user in an organisation, with its role and team label. */
export const organizationUsers = pgTable(
  'organization_users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    guid: uuid('guid').notNull().defaultRandom(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => usersPrimaryKey, { onDelete: 'cascade' }),
    /** super_admin | admin | user */
    role: text('role').notNull().default('user'),
    /** Team level or label: Associate, Lead, Supervisor, Manager, POA Approval, IT, ... */
    teamLabel: text('team_label'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('organization_users_guid_key').on(t.guid),
    uniqueIndex('organization_users_org_user_key').on(t.organizationId, t.userId),
    index('organization_users_user_idx').on(t.userId),
  ],
);
