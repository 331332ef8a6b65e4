import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { vendorsPrimaryKey } from '../entities/keys.ts';
import { organizationsPrimaryKey } from '../organizations/keys.ts';
import { usersPrimaryKey } from '../users/keys.ts';

/**
 * An organisation's parent vendor (decision 022): the one record of a payee that vendors of many
 * clients' entities link to. Its phone is the number call-back verifications use.
 */
export const parentVendors = pgTable(
  'parent_vendors',
  {
    id: idColumn(),
    guid: guidColumn(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizationsPrimaryKey, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    taxIdNumber: text('tax_id_number'),
    addr1: text('addr1'),
    addr2: text('addr2'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    country: text('country'),
    email: text('email'),
    primaryPhone: text('primary_phone'),
    isActive: boolean('is_active').notNull().default(true),
    /** As on entities' vendors: a payment-detail change waits for a call-back by someone else. */
    verificationStatus: text('verification_status', { enum: ['verified', 'verification_required'] })
      .notNull()
      .default('verified'),
    detailsChangedByUserId: bigint('details_changed_by_user_id', { mode: 'number' }).references(
      () => usersPrimaryKey,
    ),
    detailsChangedAt: timestamp('details_changed_at', { withTimezone: true }),
    /** Set when merged into another parent vendor (then inactive). */
    mergedIntoId: bigint('merged_into_id', { mode: 'number' }).references(
      (): AnyPgColumn => parentVendors.id,
    ),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('parent_vendors_guid_key').on(t.guid),
    index('parent_vendors_organization_name_idx').on(t.organizationId, t.name),
    // "Similar" compares names and addresses by trigram similarity (pg_trgm).
    index('parent_vendors_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/**
 * The history of a parent vendor or of an entity's vendor: creation, changes (payment-detail changes
 * named as such), sanctions screenings, call-back verifications, merges, (de)activation. `details`
 * holds the kind's own facts (changed fields, the screening's match, who was called on which number).
 */
export const vendorEvents = pgTable(
  'vendor_events',
  {
    id: idColumn(),
    guid: guidColumn(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizationsPrimaryKey, { onDelete: 'cascade' }),
    parentVendorId: bigint('parent_vendor_id', { mode: 'number' }).references(() => parentVendors.id, {
      onDelete: 'cascade',
    }),
    vendorId: bigint('vendor_id', { mode: 'number' }).references(() => vendorsPrimaryKey, {
      onDelete: 'cascade',
    }),
    kind: text('kind', {
      enum: [
        'created',
        'updated',
        'payment_details_changed',
        'bank_account_changed',
        'sanctions_screened',
        'verification_recorded',
        'merged',
        'deactivated',
        'reactivated',
      ],
    }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    userId: bigint('user_id', { mode: 'number' }).references(() => usersPrimaryKey),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('vendor_events_guid_key').on(t.guid),
    index('vendor_events_parent_idx').on(t.parentVendorId, t.id),
    index('vendor_events_vendor_idx').on(t.vendorId, t.id),
  ],
);
