import type { FinancialAccount, PatchFinancialAccountRequest, RecordBalanceRequest } from '@bp/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { auditWrite, type Tenant } from '../entities/index.ts';
import { parentInstitutionList } from '../institutions/index.ts';
import { notFound } from './errors.ts';
import { clientInstitutions, financialAccountBalances } from './tables.ts';

/** The latest balance of an account: latest `as_of`, then latest entered. One lateral read per account. */
const latest = sql`lateral (
  select ${financialAccountBalances.balance} as balance, ${financialAccountBalances.asOf} as as_of
  from ${financialAccountBalances}
  where ${financialAccountBalances.clientInstitutionId} = ${clientInstitutions.id}
  order by ${financialAccountBalances.asOf} desc, ${financialAccountBalances.id} desc
  limit 1
) as latest_balance`;

const columns = {
  id: clientInstitutions.id,
  guid: clientInstitutions.guid,
  name: clientInstitutions.name,
  institutionName: parentInstitutionList.name,
  accountLast4: clientInstitutions.accountLast4,
  accountKind: clientInstitutions.accountKind,
  minimumBalance: clientInstitutions.minimumBalance,
  balance: sql<string | number | null>`latest_balance.balance`,
  asOf: sql<string | null>`latest_balance.as_of::text`,
};

type Row = {
  guid: string;
  name: string;
  institutionName: string | null;
  accountLast4: string | null;
  accountKind: 'bank' | 'investment';
  minimumBalance: number | null;
  balance: string | number | null;
  asOf: string | null;
};

function present(row: Row): FinancialAccount {
  const balance = row.balance === null ? null : Number(row.balance);
  return {
    guid: row.guid,
    name: row.name,
    institution_name: row.institutionName,
    account_last4: row.accountLast4,
    account_kind: row.accountKind,
    minimum_balance: row.minimumBalance,
    balance,
    balance_as_of: row.asOf,
    balance_source: balance === null ? null : 'entered_by_hand',
    last_statement_date: null,
    below_minimum: balance !== null && row.minimumBalance !== null && balance < row.minimumBalance,
  };
}

function accountsOf(db: DbOrTx, clientId: number, institutionGuid?: string) {
  return db
    .select(columns)
    .from(clientInstitutions)
    .leftJoin(parentInstitutionList, eq(parentInstitutionList.id, clientInstitutions.parentInstitutionId))
    .leftJoin(latest, sql`true`)
    .where(
      and(
        eq(clientInstitutions.clientId, clientId),
        institutionGuid ? eq(clientInstitutions.guid, institutionGuid) : undefined,
      ),
    )
    .orderBy(asc(clientInstitutions.name), asc(clientInstitutions.id));
}

async function oneOf(db: DbOrTx, tenant: Tenant, institutionGuid: string) {
  const [row] = await accountsOf(db, tenant.clientId, institutionGuid);
  if (!row) throw notFound();
  return row;
}

/**
 * A client's financial accounts (SPEC §2 /financial-accounts, decision 029): its accounts at institutions
 * with a balance staff enter by hand, until the books and statement feeds provide one. Reads for staff and
 * the client's users; writes for staff holding entities.manage (the routes' managePolicy: staff only), each with its audit
 * record in one transaction.
 */
export function createFinancialAccountService({ database }: Pick<AppDeps, 'database'>) {
  const { db } = database;
  return {
    async list(tenant: Tenant): Promise<{ results: FinancialAccount[] }> {
      return { results: (await accountsOf(db, tenant.clientId)).map(present) };
    },

    async recordBalance(tenant: Tenant, institutionGuid: string, body: RecordBalanceRequest, userId: number) {
      return db.transaction(async (tx) => {
        const account = await oneOf(tx, tenant, institutionGuid);
        const [entry] = await tx
          .insert(financialAccountBalances)
          .values({
            clientInstitutionId: account.id,
            balance: body.balance,
            asOf: body.as_of,
            recordedByUserId: userId,
          })
          .returning({ guid: financialAccountBalances.guid });
        await auditWrite(tx, tenant, {
          action: 'financial_account_balance_recorded',
          objectType: 'client_institution',
          objectGuid: account.guid,
          changes: {
            balance: {
              before: account.balance === null ? null : Number(account.balance),
              after: body.balance,
            },
            as_of: { before: account.asOf, after: body.as_of },
            entry: { before: null, after: entry?.guid ?? null },
          },
        });
        return present(await oneOf(tx, tenant, institutionGuid));
      });
    },

    async patch(tenant: Tenant, institutionGuid: string, body: PatchFinancialAccountRequest) {
      return db.transaction(async (tx) => {
        const account = await oneOf(tx, tenant, institutionGuid);
        const set: Partial<typeof clientInstitutions.$inferInsert> = {};
        const changes: Record<string, { before: unknown; after: unknown }> = {};
        if (body.account_kind !== undefined && body.account_kind !== account.accountKind) {
          set.accountKind = body.account_kind;
          changes.account_kind = { before: account.accountKind, after: body.account_kind };
        }
        if (body.minimum_balance !== undefined && body.minimum_balance !== account.minimumBalance) {
          set.minimumBalance = body.minimum_balance;
          changes.minimum_balance = { before: account.minimumBalance, after: body.minimum_balance };
        }
        if (Object.keys(set).length > 0) {
          await tx.update(clientInstitutions).set(set).where(eq(clientInstitutions.id, account.id));
          await auditWrite(tx, tenant, {
            action: 'financial_account_changed',
            objectType: 'client_institution',
            objectGuid: account.guid,
            changes,
          });
        }
        return present(await oneOf(tx, tenant, institutionGuid));
      });
    },
  };
}
