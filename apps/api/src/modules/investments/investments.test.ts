import type { InvestmentOverview } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, login, useTestApp } from '../../test/build-test-app.ts';
import { type Caller, caller, clientGuidOf } from '../../test/org-admin.ts';
import {
  FINICITY_STAND_IN,
  type FinicityStandIn,
  startFinicityStandIn,
} from './finicity-stand-in-test-support.ts';
import { refreshAllInvestments } from './service.ts';
import { investmentCustomers } from './tables.ts';

/** Investment accounts through the Finicity stand-in (decision 036): customer create, connect, positions. */
describe.each(backends)('investments (%s)', (backend) => {
  const t = useTestApp(backend);
  let finicity: FinicityStandIn;
  let client: Caller;
  let base: string;

  beforeAll(async () => {
    finicity = await startFinicityStandIn();
    client = caller(t, await login(t.app, 'client@demo.test'));
    base = `/v1/accounts/clients/${await clientGuidOf(t, 'Harper Household')}/investment-accounts`;
  });
  afterAll(() => finicity?.close());

  it('says when the provider is not set up', async () => {
    t.config.findata.finicity = null;
    expect((await client.get(base)).json()).toMatchObject({
      configured: false,
      connected: false,
      total: 0,
      accounts: [],
    });
    const connect = await client.post(`${base}/connect`);
    expect(connect.statusCode).toBe(422);
    expect(connect.json().code).toBe('investment_provider_not_configured');
  });

  it('creates the customer at the configured path, connects, and fetches balances and positions', async () => {
    t.config.findata.finicity = {
      baseUrl: finicity.url,
      ...FINICITY_STAND_IN,
      customerPath: '/aggregation/v2/customers/testing',
    };
    const connect = await client.post(`${base}/connect`);
    expect(connect.statusCode).toBe(201);
    expect(finicity.calls).toContain('POST /aggregation/v2/customers/testing');
    const page = await fetch(connect.json().connect_url);
    expect(await page.text()).toContain('Connect investment accounts');
    const [customer] = await t.deps.database.db.select().from(investmentCustomers);
    finicity.connect(customer?.providerCustomerId as string);
    // A second connect reuses the customer.
    expect((await client.post(`${base}/connect`)).statusCode).toBe(201);
    expect(finicity.customerIds()).toHaveLength(1);

    const refreshed = await client.post(`${base}/refresh`);
    expect(refreshed.statusCode).toBe(200);
    const view = refreshed.json() as InvestmentOverview;
    expect(view.total).toBe(15_234_055 + 4_800_000);
    expect(view.accounts.map((a) => [a.name, a.balance, a.positions.map((p) => p.symbol)])).toEqual([
      ['Brokerage', 15_234_055, ['VTI', 'BND']],
      ['Roth IRA', 4_800_000, ['VXUS']],
    ]);
    expect(view.accounts[0]?.positions[0]).toMatchObject({ units: 400, market_value: 11_234_055 });
  });

  it('re-authenticates when the token expires, replaces positions, and drops accounts closed', async () => {
    const [customer] = await t.deps.database.db.select().from(investmentCustomers);
    const id = customer?.providerCustomerId as string;
    finicity.expireTokens();
    finicity.setAccounts(id, [
      {
        id: 'a1',
        name: 'Brokerage',
        type: 'investment',
        balance: 1000,
        position: [{ symbol: 'CASH', description: 'Cash', units: 1000, marketValue: 1000 }],
      },
    ]);
    const summary = await refreshAllInvestments(t.deps, t.deps.database.db);
    expect(summary).toEqual({ refreshed: 1, failed: 0 });
    const view = (await client.get(base)).json() as InvestmentOverview;
    expect(view.accounts.map((a) => [a.name, a.balance, a.positions.length])).toEqual([
      ['Brokerage', 100_000, 1],
    ]);
    expect(view.last_refreshed_at).not.toBeNull();
    await t.deps.database.db
      .update(investmentCustomers)
      .set({ lastError: null })
      .where(eq(investmentCustomers.clientId, customer?.clientId as number));
  });

  it('is not for observers to change nor for other tenants to read', async () => {
    const observer = caller(t, await login(t.app, 'observer@demo.test'));
    expect((await observer.post(`${base}/refresh`)).statusCode).toBe(403);
    const other = caller(t, await login(t.app, 'other@second.test'));
    expect((await other.get(base)).statusCode).toBe(404);
  });
});
