import {
  bigint,
  date,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, guidColumn, idColumn } from '../../platform/columns.ts';
import { clientsPrimaryKey } from '../clients/keys.ts';

/** The client as a customer of the investment-data provider (Finicity's customer id). */
export const investmentCustomers = pgTable(
  'investment_customers',
  {
    id: idColumn(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
    providerCustomerId: text('provider_customer_id').notNull(),
    lastRefreshedAt: timestamp('last_refreshed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('investment_customers_client_key').on(t.clientId)],
);

/** An investment account as the provider last reported it. */
export const investmentAccounts = pgTable(
  'investment_accounts',
  {
    id: idColumn(),
    guid: guidColumn(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clientsPrimaryKey, { onDelete: 'cascade' }),
    providerAccountId: text('provider_account_id').notNull(),
    name: text('name').notNull(),
    numberDisplay: text('number_display'),
    type: text('type').notNull(),
    institutionName: text('institution_name'),
    /** Cents. */
    balance: bigint('balance', { mode: 'number' }).notNull(),
    balanceDate: date('balance_date', { mode: 'string' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('investment_accounts_guid_key').on(t.guid),
    uniqueIndex('investment_accounts_provider_key').on(t.clientId, t.providerAccountId),
  ],
);

/** The account's positions at the last refresh (replaced whole at each refresh). */
export const investmentPositions = pgTable(
  'investment_positions',
  {
    id: idColumn(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => investmentAccounts.id, { onDelete: 'cascade' }),
    symbol: text('symbol'),
    description: text('description').notNull(),
    units: doublePrecision('units').notNull(),
    /** Cents. */
    marketValue: bigint('market_value', { mode: 'number' }).notNull(),
    securityType: text('security_type'),
  },
  (t) => [index('investment_positions_account_idx').on(t.accountId)],
);
