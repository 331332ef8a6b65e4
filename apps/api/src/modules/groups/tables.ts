import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizationsPrimaryKey, organizationUsersPrimaryKey } from '../organizations/keys.ts';

/** A named set of permissions (by slug) inside one organisation; staff gain them by membership. */
export const groups = pgTable(
  'groups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    guid: uuid('guid').notNull().defaultRandom(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizationsPrimaryKey, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('groups_guid_key').on(t.guid),
    uniqueIndex('groups_org_name_key').on(t.organizationId, sql`lower(${t.name})`),
  ],
);

export const groupPermissions = pgTable(
  'group_permissions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
  },
  (t) => [uniqueIndex('group_permissions_group_slug_key').on(t.groupId, t.slug)],
);

export const groupUsers = pgTable(
  'group_users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    organizationUserId: bigint('organization_user_id', { mode: 'number' })
      .notNull()
      .references(() => organizationUsersPrimaryKey, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_users_group_user_key').on(t.groupId, t.organizationUserId),
    index('group_users_org_user_idx').on(t.organizationUserId),
  ],
);
