import { bigint, date, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { clientsPrimaryKey } from '../clients/keys.ts';
import { entitiesPrimaryKey } from '../entities/keys.ts';
import { parentInstitutionsPrimaryKey } from '../institutions/keys.ts';
import { usersPrimaryKey } from '../users/keys.ts';

const id = idColumn;
const guid = guidColumn;
const createdAt = createdAtColumn;
const clientRef = () =>
  bigint('client_id', { mode: 'number' })
    .notNull()
    .references(() => clientsPrimaryKey, { onDelete: 'cascade' });

/** A client's real estate: rental, primary, vacation, secondary or other. */
export const properties = pgTable(
  'properties',
  {
    id: id(),
    guid: guid(),
    clientId: clientRef(),
    entityId: bigint('entity_id', { mode: 'number' }).references(() => entitiesPrimaryKey, {
      onDelete: 'set null',
    }),
    kind: text('kind', { enum: ['rental', 'primary', 'vacation', 'secondary', 'other'] }).notNull(),
    name: text('name').notNull(),
    addr1: text('addr1'),
    addr2: text('addr2'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    country: text('country'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('properties_guid_key').on(t.guid), index('properties_client_idx').on(t.clientId)],
);

/** People around a client who are not app users (accountant, attorney, family). */
export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    guid: guid(),
    clientId: clientRef(),
    name: text('name').notNull(),
    emailAddress: text('email_address'),
    phone: text('phone'),
    relation: text('relation'),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('contacts_guid_key').on(t.guid), index('contacts_client_idx').on(t.clientId)],
);

/** A client's accounts at institutions (the bank list of the client page). */
export const clientInstitutions = pgTable(
  'client_institutions',
  {
    id: id(),
    guid: guid(),
    clientId: clientRef(),
    parentInstitutionId: bigint('parent_institution_id', { mode: 'number' }).references(
      () => parentInstitutionsPrimaryKey,
    ),
    name: text('name').notNull(),
    accountLast4: text('account_last4'),
    /** Financial accounts (decision 029): bank or investment, and the balance it should not go below. */
    accountKind: text('account_kind', { enum: ['bank', 'investment'] })
      .notNull()
      .default('bank'),
    minimumBalance: bigint('minimum_balance', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_institutions_guid_key').on(t.guid),
    index('client_institutions_client_idx').on(t.clientId),
  ],
);

/** Whom to call at a client's bank. */
export const bankContacts = pgTable(
  'bank_contacts',
  {
    id: id(),
    guid: guid(),
    clientId: clientRef(),
    clientInstitutionId: bigint('client_institution_id', { mode: 'number' }).references(
      () => clientInstitutions.id,
      {
        onDelete: 'set null',
      },
    ),
    name: text('name').notNull(),
    title: text('title'),
    email: text('email'),
    phone: text('phone'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bank_contacts_guid_key').on(t.guid), index('bank_contacts_client_idx').on(t.clientId)],
);

/** Uploaded files of a client; the bytes live in file storage under `file_key`. */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    guid: guid(),
    clientId: clientRef(),
    entityId: bigint('entity_id', { mode: 'number' }).references(() => entitiesPrimaryKey, {
      onDelete: 'set null',
    }),
    fileKey: text('file_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    uploadedByUserId: bigint('uploaded_by_user_id', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('documents_guid_key').on(t.guid),
    index('documents_client_created_idx').on(t.clientId, t.createdAt),
  ],
);

/**
 * Balances of a client's account, entered by hand by staff (decision 029) until statement feeds exist:
 * each entry kept, the latest `as_of` (then the latest entered) is the account's balance.
 */
export const financialAccountBalances = pgTable(
  'financial_account_balances',
  {
    id: id(),
    guid: guid(),
    clientInstitutionId: bigint('client_institution_id', { mode: 'number' })
      .notNull()
      .references(() => clientInstitutions.id, { onDelete: 'cascade' }),
    /** Cents; negative when overdrawn. */
    balance: bigint('balance', { mode: 'number' }).notNull(),
    asOf: date('as_of').notNull(),
    recordedByUserId: bigint('recorded_by_user_id', { mode: 'number' }).references(() => usersPrimaryKey, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('financial_account_balances_guid_key').on(t.guid),
    index('financial_account_balances_account_idx').on(t.clientInstitutionId, t.asOf, t.id),
  ],
);
