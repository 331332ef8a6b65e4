import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { billsPrimaryKey } from '../bill-core/keys.ts';
import { clientInstitutionsPrimaryKey } from '../client-records/keys.ts';
import { clientsPrimaryKey } from '../clients/keys.ts';
import { vendorsPrimaryKey } from '../entities/keys.ts';
import { organizationsPrimaryKey } from '../organizations/keys.ts';
import { usersPrimaryKey } from '../users/keys.ts';

/**
 * The organisation's ACH origination with its bank (decision 015): what a NACHA file's header and batch
 * header say. One row per organisation.
 */
export const achSettings = pgTable(
  'ach_settings',
  {
    id: idColumn(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizationsPrimaryKey, { onDelete: 'cascade' }),
    /** The ODFI: the bank that receives the file (immediate destination, 9-digit routing number). */
    bankRoutingNumber: text('bank_routing_number').notNull(),
    bankName: text('bank_name').notNull(),
    /** Immediate origin and company identification (10 characters, usually '1' + the EIN). */
    companyIdentification: text('company_identification').notNull(),
    companyName: text('company_name').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ach_settings_organization_key').on(t.organizationId)],
);

/** Where a vendor is paid by ACH: its bank's routing number (checksum-checked) and account. */
export const vendorBankAccounts = pgTable(
  'vendor_bank_accounts',
  {
    id: idColumn(),
    vendorId: bigint('vendor_id', { mode: 'number' })
      .notNull()
      .references(() => vendorsPrimaryKey, { onDelete: 'cascade' }),
    routingNumber: text('routing_number').notNull(),
    accountNumber: text('account_number').notNull(),
    accountType: text('account_type', { enum: ['checking', 'savings'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vendor_bank_accounts_vendor_key').on(t.vendorId)],
);

/**
 * A NACHA file made of a client's approved ACH payments. The file text is kept, so a download gives the
 * same bytes the bank received. `recorded_at` is set once its payments are recorded (one step); until
 * then its bills are not exported again.
 */
export const achExports = pgTable(
  'ach_exports',
  {
    id: idColumn(),
    guid: guidColumn(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizationsPrimaryKey, { onDelete: 'cascade' }),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
    /** The client's account the payments leave from, recorded on each bill when paid. */
    paidFromInstitutionId: bigint('paid_from_institution_id', { mode: 'number' }).references(
      () => clientInstitutionsPrimaryKey,
      { onDelete: 'set null' },
    ),
    /** The batch's reference, recorded as each bill's payment reference. */
    batchReference: text('batch_reference').notNull(),
    effectiveDate: date('effective_date').notNull(),
    entryCount: integer('entry_count').notNull(),
    /** Cents. */
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    fileText: text('file_text').notNull(),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    createdAt: createdAtColumn(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    recordedByUserId: bigint('recorded_by_user_id', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('ach_exports_guid_key').on(t.guid),
    index('ach_exports_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** The bills of an export, in file order (the entry's trace number follows `position`). */
export const achExportBills = pgTable(
  'ach_export_bills',
  {
    id: idColumn(),
    exportId: bigint('export_id', { mode: 'number' })
      .notNull()
      .references(() => achExports.id, { onDelete: 'cascade' }),
    billId: bigint('bill_id', { mode: 'number' })
      .notNull()
      .references(() => billsPrimaryKey, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    traceNumber: text('trace_number').notNull(),
  },
  (t) => [
    uniqueIndex('ach_export_bills_export_bill_key').on(t.exportId, t.billId),
    index('ach_export_bills_bill_idx').on(t.billId),
  ],
);
