import type { InvestmentOverview } from '@bp/contracts';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { auditWrite, requireRecordWriter, type Tenant } from '../entities/index.ts';
import { notConfigured, refused } from './errors.ts';
import { type FinicityClient, FinicityError, finicityClient } from './finicity-client.ts';
import { investmentAccounts, investmentCustomers, investmentPositions } from './tables.ts';

const toCents = (dollars: number | null | undefined) => Math.round((dollars ?? 0) * 100);
const dayOf = (epochSeconds: number | null | undefined) =>
  epochSeconds ? new Date(epochSeconds * 1000).toISOString().slice(0, 10) : null;

/** One provider client per settings, so its token (valid two hours) is shared by every call. */
const clients = new Map<string, FinicityClient>();
function providerOf(deps: Pick<AppDeps, 'config'>): FinicityClient | null {
  const settings = deps.config.findata.finicity;
  if (!settings) return null;
  const key = `${settings.baseUrl}|${settings.partnerId}|${settings.appKey}`;
  let client = clients.get(key);
  if (!client) {
    client = finicityClient(settings);
    clients.set(key, client);
  }
  return client;
}

async function underProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof FinicityError)
      throw refused(
        'unprocessable',
        'investment_provider_error',
        `The investment-data provider refused: ${error.message}`,
      );
    throw error;
  }
}

/** The client's investment accounts with positions and their total (cents). */
export async function investmentOverview(
  db: DbOrTx,
  clientId: number,
  configured: boolean,
): Promise<InvestmentOverview> {
  const [customer] = await db
    .select()
    .from(investmentCustomers)
    .where(eq(investmentCustomers.clientId, clientId));
  const accounts = await db
    .select()
    .from(investmentAccounts)
    .where(eq(investmentAccounts.clientId, clientId))
    .orderBy(asc(investmentAccounts.name), asc(investmentAccounts.id));
  const positions = accounts.length
    ? await db
        .select()
        .from(investmentPositions)
        .where(
          inArray(
            investmentPositions.accountId,
            accounts.map((a) => a.id),
          ),
        )
        .orderBy(sql`${investmentPositions.marketValue} desc`, asc(investmentPositions.id))
    : [];
  return {
    configured,
    connected: customer !== undefined,
    last_refreshed_at: customer?.lastRefreshedAt ? new Date(customer.lastRefreshedAt).toISOString() : null,
    total: accounts.reduce((sum, a) => sum + Number(a.balance), 0),
    accounts: accounts.map((a) => ({
      guid: a.guid,
      name: a.name,
      number_display: a.numberDisplay,
      type: a.type,
      institution_name: a.institutionName,
      balance: Number(a.balance),
      balance_date: a.balanceDate,
      positions: positions
        .filter((p) => p.accountId === a.id)
        .map((p) => ({
          symbol: p.symbol,
          description: p.description,
          units: p.units,
          market_value: Number(p.marketValue),
          security_type: p.securityType,
        })),
    })),
  };
}

/** Investment totals (cents) of these clients, for the advisor and family-office portfolios. */
export async function investmentTotalsOf(db: DbOrTx, clientIds: number[]): Promise<Map<number, number>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .select({
      clientId: investmentAccounts.clientId,
      total: sql<number>`coalesce(sum(${investmentAccounts.balance}), 0)`.mapWith(Number),
    })
    .from(investmentAccounts)
    .where(inArray(investmentAccounts.clientId, clientIds))
    .groupBy(investmentAccounts.clientId);
  return new Map(rows.map((r) => [r.clientId, r.total]));
}

/**
 * Balances and positions of one client's customer, now: accounts upserted by the provider's id, accounts
 * it no longer reports removed, positions replaced, in one transaction.
 */
export async function refreshClient(deps: Pick<AppDeps, 'config' | 'database' | 'now'>, clientId: number) {
  const provider = providerOf(deps);
  if (!provider) throw notConfigured();
  const { db } = deps.database;
  const [customer] = await db
    .select()
    .from(investmentCustomers)
    .where(eq(investmentCustomers.clientId, clientId));
  if (!customer) throw refused('conflict', 'not_connected', 'Connect the investment accounts first.');
  let reported: Awaited<ReturnType<FinicityClient['customerAccounts']>>;
  try {
    reported = await provider.customerAccounts(customer.providerCustomerId);
  } catch (error) {
    if (error instanceof FinicityError) {
      await db
        .update(investmentCustomers)
        .set({ lastError: error.message.slice(0, 500) })
        .where(eq(investmentCustomers.id, customer.id));
    }
    return underProvider(() => Promise.reject(error));
  }
  const investments = reported.accounts;
  await db.transaction(async (tx) => {
    const kept: string[] = [];
    for (const account of investments) {
      kept.push(String(account.id));
      const [row] = await tx
        .insert(investmentAccounts)
        .values({
          clientId,
          providerAccountId: String(account.id),
          name: account.name,
          numberDisplay: account.accountNumberDisplay ?? null,
          type: account.type,
          institutionName: account.institutionName ?? null,
          balance: toCents(account.balance),
          balanceDate: dayOf(account.balanceDate),
        })
        .onConflictDoUpdate({
          target: [investmentAccounts.clientId, investmentAccounts.providerAccountId],
          set: {
            name: account.name,
            numberDisplay: account.accountNumberDisplay ?? null,
            type: account.type,
            balance: toCents(account.balance),
            balanceDate: dayOf(account.balanceDate),
          },
        })
        .returning({ id: investmentAccounts.id });
      const accountId = (row as { id: number }).id;
      await tx.delete(investmentPositions).where(eq(investmentPositions.accountId, accountId));
      const positions = (account.position ?? []).map((p) => ({
        accountId,
        symbol: p.symbol ?? null,
        description: p.description ?? p.symbol ?? 'Position',
        units: p.units ?? 0,
        marketValue: toCents(p.marketValue),
        securityType: p.securityType ?? null,
      }));
      if (positions.length) await tx.insert(investmentPositions).values(positions);
    }
    await tx
      .delete(investmentAccounts)
      .where(
        and(
          eq(investmentAccounts.clientId, clientId),
          kept.length ? notInArray(investmentAccounts.providerAccountId, kept) : undefined,
        ),
      );
    await tx
      .update(investmentCustomers)
      .set({ lastRefreshedAt: deps.now(), lastError: null })
      .where(eq(investmentCustomers.id, customer.id));
  });
}

/** The nightly refresh of every connected client; one failing client does not stop the others. */
export async function refreshAllInvestments(deps: Pick<AppDeps, 'config' | 'database' | 'now'>, db: Db) {
  if (!providerOf(deps)) return { refreshed: 0, failed: 0 };
  let refreshed = 0;
  let failed = 0;
  for (const { clientId } of await db
    .select({ clientId: investmentCustomers.clientId })
    .from(investmentCustomers)) {
    try {
      await refreshClient(deps, clientId);
      refreshed += 1;
    } catch {
      failed += 1;
    }
  }
  return { refreshed, failed };
}

/**
 * Connect: the client becomes a customer of the provider (once; our id as its user name, no e-mail or
 * name of a person), and the provider's Connect page is answered for the person to share accounts.
 */
export async function connectClient(
  deps: Pick<AppDeps, 'config' | 'database' | 'now'>,
  tenant: Tenant,
  clientName: string,
): Promise<{ connect_url: string }> {
  requireRecordWriter(tenant);
  const provider = providerOf(deps);
  if (!provider) throw notConfigured();
  const { db } = deps.database;
  let [customer] = await db
    .select()
    .from(investmentCustomers)
    .where(eq(investmentCustomers.clientId, tenant.clientId));
  if (!customer) {
    const [first, ...rest] = clientName.split(/\s+/);
    const created = await underProvider(() =>
      provider.createCustomer({
        username: `bp-${tenant.clientGuid}`,
        firstName: first || 'Client',
        lastName: rest.join(' ') || 'Client',
      }),
    );
    customer = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(investmentCustomers)
        .values({ clientId: tenant.clientId, providerCustomerId: String(created.id) })
        .returning();
      await auditWrite(tx, tenant, {
        action: 'investment_customer_created',
        objectType: 'client',
        objectGuid: tenant.clientGuid,
      });
      return row;
    });
  }
  const link = await underProvider(() =>
    provider.connectLink(
      (customer as { providerCustomerId: string }).providerCustomerId,
      `${deps.config.publicUrl}/financial-accounts?investments=connected`,
    ),
  );
  return { connect_url: link.link };
}
