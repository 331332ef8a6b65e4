import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { clientsPrimaryKey, clientUsersPrimaryKey } from '../clients/keys.ts';
import { usersPrimaryKey } from '../users/keys.ts';

const id = idColumn;
const guid = guidColumn;
const createdAt = createdAtColumn;
const entityRef = () =>
  bigint('entity_id', { mode: 'number' })
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });

/** A client's legal entity or private individual: the payer of bills, with its approval settings. */
export const entities = pgTable(
  'entities',
  {
    id: id(),
    guid: guid(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['legal_entity', 'private_individual'] }).notNull(),
    nickname: text('nickname').notNull(),
    corporateId: text('corporate_id'),
    /** Fraction (0.05 = 5 %) a commitment bill may differ from its expected amount and still auto-approve; null = off. */
    allowablePaymentThreshold: numeric('allowable_payment_threshold', {
      precision: 7,
      scale: 5,
      mode: 'number',
    }),
    clientPreApprovalRequired: boolean('client_pre_approval_required').notNull().default(false),
    /** Cents; 0 = every bill. */
    clientPreApprovalThreshold: bigint('client_pre_approval_threshold', { mode: 'number' })
      .notNull()
      .default(0),
    enableMultipleApprovers: boolean('enable_multiple_approvers').notNull().default(false),
    multipleApproverThreshold: bigint('multiple_approver_threshold', { mode: 'number' }).notNull().default(0),
    minimumAccountBalance: bigint('minimum_account_balance', { mode: 'number' }).notNull().default(0),
    filingDate: date('filing_date'),
    isQboClass: boolean('is_qbo_class').notNull().default(false),
    isQuickbooksRequired: boolean('is_quickbooks_required').notNull().default(false),
    /** An entity may group others (SPEC's `entities` field of entity settings). */
    parentEntityId: bigint('parent_entity_id', { mode: 'number' }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('entities_guid_key').on(t.guid),
    index('entities_client_idx').on(t.clientId, t.nickname),
  ],
);

export const divisions = pgTable(
  'divisions',
  {
    id: id(),
    guid: guid(),
    entityId: entityRef(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('divisions_guid_key').on(t.guid), index('divisions_entity_idx').on(t.entityId, t.name)],
);

/** Chart of accounts of an entity; `display_2_levels` is "Parent: Child". */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    guid: guid(),
    entityId: entityRef(),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: text('name').notNull(),
    number: text('number'),
    accountType: text('account_type'),
    assignableToBill: boolean('assignable_to_bill').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('accounts_guid_key').on(t.guid), index('accounts_entity_idx').on(t.entityId, t.name)],
);

export const paymentTerms = pgTable(
  'payment_terms',
  {
    id: id(),
    guid: guid(),
    entityId: entityRef(),
    name: text('name').notNull(),
    dueDays: integer('due_days').notNull().default(30),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_terms_guid_key').on(t.guid), index('payment_terms_entity_idx').on(t.entityId)],
);

export const vendors = pgTable(
  'vendors',
  {
    id: id(),
    guid: guid(),
    entityId: entityRef(),
    name: text('name').notNull(),
    addr1: text('addr1'),
    addr2: text('addr2'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    country: text('country'),
    email: text('email'),
    primaryPhone: text('primary_phone'),
    vendorType: text('vendor_type'),
    taxIdNumber: text('tax_id_number'),
    /** The organisation-wide parent vendor (the vendors module's `parent_vendors`, decision 022). */
    parentVendorId: bigint('parent_vendor_id', { mode: 'number' }),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * `verification_required` after a change of the payment details (address, phone, bank account) until
     * another staff member records a call-back verification (decision 022); payment waits meanwhile.
     */
    verificationStatus: text('verification_status', { enum: ['verified', 'verification_required'] })
      .notNull()
      .default('verified'),
    /** Who made the change that asks for verification (the verifier must be someone else), and when. */
    detailsChangedByUserId: bigint('details_changed_by_user_id', { mode: 'number' }).references(
      () => usersPrimaryKey,
    ),
    detailsChangedAt: timestamp('details_changed_at', { withTimezone: true }),
    /** Set when this vendor was merged into another of its entity: bills created later land there. */
    mergedIntoId: bigint('merged_into_id', { mode: 'number' }).references((): AnyPgColumn => vendors.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vendors_guid_key').on(t.guid),
    index('vendors_entity_name_idx').on(t.entityId, t.name),
    // Bill search by vendor name is an infix match (ILIKE '%term%'): only a trigram index serves it.
    index('vendors_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('vendors_parent_vendor_idx').on(t.parentVendorId),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: id(),
    guid: guid(),
    entityId: entityRef(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('customers_guid_key').on(t.guid), index('customers_entity_idx').on(t.entityId)],
);

const clientUserRef = () =>
  bigint('client_user_id', { mode: 'number' })
    .notNull()
    .references(() => clientUsersPrimaryKey, { onDelete: 'cascade' });

/** Entities a designee may act for (none = all of the client's). */
export const designatedEntities = pgTable(
  'designated_entities',
  { id: id(), clientUserId: clientUserRef(), entityId: entityRef() },
  (t) => [uniqueIndex('designated_entities_key').on(t.clientUserId, t.entityId)],
);

const vendorRef = () =>
  bigint('vendor_id', { mode: 'number' })
    .notNull()
    .references(() => vendors.id, { onDelete: 'cascade' });

/** Vendors a designee may approve bills of (none = all). */
export const designatedVendors = pgTable(
  'designated_vendors',
  { id: id(), clientUserId: clientUserRef(), vendorId: vendorRef() },
  (t) => [uniqueIndex('designated_vendors_key').on(t.clientUserId, t.vendorId)],
);

/** Vendors a client user must never see or approve bills of. */
export const excludedVendors = pgTable(
  'excluded_vendors',
  { id: id(), clientUserId: clientUserRef(), vendorId: vendorRef() },
  (t) => [uniqueIndex('excluded_vendors_key').on(t.clientUserId, t.vendorId)],
);
