import type { FeedAccount, FeedOverview } from '@bp/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, login, useTestApp } from '../../test/build-test-app.ts';
import { type Caller, caller } from '../../test/org-admin.ts';
import { billKit } from '../bill-search/test-support.ts';
import { chartAccountOfBookAccount } from '../books/index.ts';
import { accounts, entities } from '../entities/tables.ts';
import { reconciliations } from '../workflow/tables.ts';
import { feedDeps } from './feed-deps.ts';
import {
  operatingAccount,
  type PlaidStandIn,
  STAND_IN_CLIENT_ID,
  STAND_IN_SECRET,
  type StandInTransaction,
  startPlaidStandIn,
} from './plaid-stand-in-test-support.ts';
import { bankFeedAccounts, bankFeedItems, bankFeedTransactions } from './tables.ts';
import { toBankLines } from './to-bank-lines.ts';

const CHECKING = 'acc-checking-0001';
const SAVINGS = 'acc-savings-0002';
const line = (id: string, amount: number, date: string, extra: Partial<StandInTransaction> = {}) => ({
  transaction_id: id,
  account_id: CHECKING,
  amount,
  date,
  name: `Line ${id}`,
  pending: false,
  ...extra,
});

/**
 * Bank feeds through the Plaid stand-in (decision 036): hosted link, token exchange, cursor sync with
 * added/modified/removed and pending→posted lines, duplicate-free re-syncs, statements as documents on
 * their reconciliation, webhook verification, login required and its repair, funding, disconnect.
 */
describe.each(backends)('bank feeds (%s)', (backend) => {
  const t = useTestApp(backend);
  const kit = billKit(t);
  let plaid: PlaidStandIn;
  let staff: Caller;
  let client: Caller;
  let base: string;
  let entityGuid: string;
  let entityId: number;
  let itemGuid: string;

  const overview = async (as: Caller = client) => {
    const answer = await as.get(`${base}/aggregator-accounts`);
    expect(answer.statusCode).toBe(200);
    return answer.json() as FeedOverview;
  };
  const checking = async () => (await overview()).accounts.find((a) => a.mask === '4821') as FeedAccount;
  const lines = async () => {
    const answer = await client.get(
      `${base}/aggregator-accounts/${(await checking()).guid}/transactions?page_size=100`,
    );
    return answer.json() as { count: number; results: { name: string; amount: number; pending: boolean }[] };
  };
  const sync = async () => {
    const answer = await client.post(`${base}/aggregator-accounts/sync`);
    expect(answer.statusCode).toBe(200);
    return answer.json().results[0];
  };

  beforeAll(async () => {
    plaid = await startPlaidStandIn();
    t.config.findata.plaid = {
      baseUrl: plaid.url,
      clientId: STAND_IN_CLIENT_ID,
      secret: STAND_IN_SECRET,
      webhookUrl: 'http://app.test/v1/integrations/aggregator/webhook',
      clientName: 'Bill Pay',
    };
    staff = caller(t, await login(t.app, 'manager@demo.test'));
    client = caller(t, await login(t.app, 'client@demo.test'));
    await kit.clearBills();
    const { client: harper, legal } = await kit.demoClient('Harper Household');
    base = `/v1/accounts/clients/${harper.guid}`;
    entityGuid = legal.guid;
    entityId = legal.id;
    // The reconciliation of October 2026, which the October statement joins.
    await t.deps.database.db.insert(reconciliations).values({
      organizationId: harper.organizationId,
      clientId: harper.id,
      entityId: legal.id,
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      dueDate: '2026-11-15',
    });
  });
  afterAll(() => plaid?.close());

  it('links through the hosted page, keeps the token sealed and brings balances, lines and statements', async () => {
    const setup = await client.post(
      `/v1/integrations/clients/${base.split('/').at(-1)}/entities/${entityGuid}/data-pipeline/setup`,
      {
        redirect_uri: 'http://app.test/financial-accounts?bank_link=done',
      },
    );
    expect(setup.statusCode).toBe(201);
    const { link_token, hosted_link_url } = setup.json();
    plaid.nextItem({
      institutionName: 'First Platypus Bank',
      accounts: [
        operatingAccount(CHECKING, 1250.5, 1200),
        {
          account_id: SAVINGS,
          name: 'Reserve',
          official_name: null,
          mask: '9911',
          type: 'depository',
          subtype: 'savings',
          current: 5000,
          available: 5000,
        },
      ],
      transactions: [
        line('t1', 120.25, '2026-10-03'),
        line('t2', -3000, '2026-10-05'),
        line('t3', 45, '2026-10-07'),
      ],
      statements: [{ account_id: CHECKING, month: 10, year: 2026 }],
    });
    // The person's side: the hosted page, then its consent button, which sends them back to us.
    const page = await fetch(hosted_link_url);
    expect(await page.text()).toContain('Connect your bank');
    const consent = await fetch(`${hosted_link_url}/consent`, { method: 'POST', redirect: 'manual' });
    expect(consent.status).toBe(303);
    expect(consent.headers.get('location')).toBe('http://app.test/financial-accounts?bank_link=done');

    const done = await client.post(
      `/v1/integrations/clients/${base.split('/').at(-1)}/data-pipeline/complete`,
      { link_token },
    );
    expect(done.statusCode).toBe(201);
    expect(done.json().items).toMatchObject([{ institution_name: 'First Platypus Bank', status: 'active' }]);
    itemGuid = done.json().items[0].guid;
    const again = await client.post(
      `/v1/integrations/clients/${base.split('/').at(-1)}/data-pipeline/complete`,
      { link_token },
    );
    expect(again.statusCode).toBe(409);

    const [item] = await t.deps.database.db
      .select()
      .from(bankFeedItems)
      .where(eq(bankFeedItems.guid, itemGuid));
    const token = plaid.item().accessToken;
    expect(item?.accessTokenSealed).not.toContain(token);
    expect(feedDeps(t.deps).box.open(item?.accessTokenSealed as string)).toBe(token);

    const view = await overview();
    expect(view.configured).toBe(true);
    expect(view.accounts.map((a) => [a.name, a.current_balance, a.available_balance, a.pays_bills])).toEqual([
      ['Operating', 125_050, 120_000, true],
      ['Reserve', 500_000, 500_000, false],
    ]);
    // The seeded "Operating account ••4821" of Harper is the account the feed joined.
    const financial = (await client.get(`${base}/financial-accounts`)).json().results;
    expect(financial.filter((a: { account_last4: string }) => a.account_last4 === '4821')).toHaveLength(1);
    expect(financial.some((a: { account_last4: string }) => a.account_last4 === '9911')).toBe(true);

    const fed = await lines();
    expect(fed.results.map((l) => [l.name, l.amount])).toEqual([
      ['Line t3', 4_500],
      ['Line t2', -300_000],
      ['Line t1', 12_025],
    ]);

    const statements = (
      await client.get(`${base}/aggregator-accounts/${(await checking()).guid}/statements`)
    ).json().results;
    expect(statements).toHaveLength(1);
    const [reconciliation] = await t.deps.database.db
      .select()
      .from(reconciliations)
      .where(eq(reconciliations.entityId, entityId));
    expect(statements[0]).toMatchObject({ month: 10, year: 2026, reconciliation_guid: reconciliation?.guid });
    const document = await staff.get(`${base}/documents/${statements[0].document_guid}`);
    expect(document.statusCode).toBe(200);
    expect(document.json().original_name).toBe('Statement 2026-10 Operating 4821.pdf');
  });

  it('files a statement under the reconciliation of its own account, made in the chart for the fed account', async () => {
    const { db } = t.deps.database;
    const [fed] = await db
      .select({ bookAccountId: bankFeedAccounts.bookAccountId })
      .from(bankFeedAccounts)
      .where(eq(bankFeedAccounts.guid, (await checking()).guid));
    const chartAccountId = await chartAccountOfBookAccount(db, fed?.bookAccountId ?? 0);
    const [chart] = await db
      .select()
      .from(accounts)
      .where(eq(accounts.id, chartAccountId ?? 0));
    // What task rules and reconciliations can name; never offered on a bill line.
    expect(chart).toMatchObject({
      entityId,
      name: 'First Platypus Bank Operating ••4821',
      accountType: 'Bank',
      assignableToBill: false,
    });
    const [harper] = await db
      .select({ organizationId: reconciliations.organizationId, clientId: reconciliations.clientId })
      .from(reconciliations)
      .where(eq(reconciliations.entityId, entityId));
    const november = {
      organizationId: harper?.organizationId ?? 0,
      clientId: harper?.clientId ?? 0,
      entityId,
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      dueDate: '2026-12-15',
    };
    // The entity's books and the account each have a November reconciliation: the account's wins.
    await db.insert(reconciliations).values(november);
    const [own] = await db
      .insert(reconciliations)
      .values({ ...november, accountId: chartAccountId })
      .returning({ guid: reconciliations.guid });
    plaid.addStatement(CHECKING, 11, 2026);
    await sync();
    const statements = (
      await client.get(`${base}/aggregator-accounts/${(await checking()).guid}/statements`)
    ).json().results as { month: number; reconciliation_guid: string | null }[];
    expect(statements.find((s) => s.month === 11)?.reconciliation_guid).toBe(own?.guid);
  });

  it('syncs added, modified and removed lines by cursor, pending lines posting, without duplicates', async () => {
    plaid.addTransactions([
      line('p1', 80, '2026-10-20', { pending: true, name: 'CHECK 1042 PENDING' }),
      line('t4', 19.99, '2026-10-21'),
    ]);
    plaid.modifyTransaction(line('t1', 125.25, '2026-10-03', { name: 'Line t1 corrected' }));
    plaid.removeTransaction('t3');
    expect(await sync()).toMatchObject({ status: 'active', added: 2, modified: 1, removed: 1 });
    let fed = await lines();
    expect(fed.results.map((l) => [l.name, l.amount, l.pending])).toEqual([
      ['Line t4', 1_999, false],
      ['CHECK 1042 PENDING', 8_000, true],
      ['Line t2', -300_000, false],
      ['Line t1 corrected', 12_525, false],
    ]);
    // The pending line posts: a new transaction naming it; the pending one goes (whether or not removed).
    plaid.addTransactions([
      line('t5', 80, '2026-10-22', {
        pending_transaction_id: 'p1',
        name: 'CHECK 1042',
        check_number: '1042',
      }),
    ]);
    await sync();
    fed = await lines();
    expect(fed.results.map((l) => l.name)).toEqual(['CHECK 1042', 'Line t4', 'Line t2', 'Line t1 corrected']);

    // A sync with nothing new changes nothing; one replayed from the first cursor makes no duplicate.
    expect(await sync()).toMatchObject({ added: 0, modified: 0, removed: 0 });
    await t.deps.database.db
      .update(bankFeedItems)
      .set({ cursor: null })
      .where(eq(bankFeedItems.guid, itemGuid));
    await sync();
    expect((await lines()).count).toBe(4);
    const [rows] = await t.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bankFeedTransactions);
    expect(rows?.n).toBe(6); // t1..t5 and p1, each once; t3 and p1 kept as removed

    // The aggregator's rate limit is waited out.
    plaid.rateLimitNext(2);
    expect(await sync()).toMatchObject({ status: 'active' });
  });

  it('accepts only webhooks Plaid signed, and syncs on SYNC_UPDATES_AVAILABLE', async () => {
    const itemId = plaid.item().itemId;
    plaid.addTransactions([line('t6', 12, '2026-10-25')]);
    const signed = await plaid.signedWebhook(itemId, {
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
    });
    const url = '/v1/integrations/aggregator/webhook';
    const tampered = await t.app.inject({
      method: 'POST',
      url,
      headers: signed.headers,
      payload: signed.body.replace('SYNC', 'SYMC'),
    });
    expect(tampered.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: signed.body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await lines()).count).toBe(4);
    const ok = await t.app.inject({ method: 'POST', url, headers: signed.headers, payload: signed.body });
    expect(ok.json()).toEqual({ status: 'synced' });
    expect((await lines()).count).toBe(5);
    const unknown = await plaid.signedWebhook('item-unknown', {
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
    });
    expect(
      (await t.app.inject({ method: 'POST', url, headers: unknown.headers, payload: unknown.body })).json(),
    ).toEqual({ status: 'ignored' });
  });

  it('shows a link whose bank login is required, and repairs it in update mode', async () => {
    plaid.setLoginRequired(true);
    expect(await sync()).toMatchObject({ status: 'login_required' });
    let [item] = (await overview()).items;
    expect(item).toMatchObject({ status: 'login_required', error_code: 'ITEM_LOGIN_REQUIRED' });
    expect(item?.error_message).toMatch(/sign in again/);
    // The webhook says the same when the bank says it first.
    const signed = await plaid.signedWebhook(plaid.item().itemId, {
      webhook_type: 'ITEM',
      webhook_code: 'ERROR',
      error: { error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' },
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/integrations/aggregator/webhook',
          headers: signed.headers,
          payload: signed.body,
        })
      ).json(),
    ).toEqual({ status: 'login_required' });

    const clientGuid = base.split('/').at(-1);
    const repair = await client.post(
      `/v1/integrations/clients/${clientGuid}/data-pipeline/items/${itemGuid}/repair`,
      {},
    );
    expect(repair.statusCode).toBe(201);
    plaid.consent(repair.json().link_token);
    const done = await client.post(`/v1/integrations/clients/${clientGuid}/data-pipeline/complete`, {
      link_token: repair.json().link_token,
    });
    expect(done.statusCode).toBe(201);
    [item] = (await overview()).items;
    expect(item).toMatchObject({ status: 'active', error_code: null });
  });

  it('says funding is required when waiting bills exceed the balance less the minimum', async () => {
    await t.deps.database.db
      .update(entities)
      .set({ minimumAccountBalance: 50_000 })
      .where(eq(entities.id, entityId));
    // Available 1,200.00 less 500.00 minimum = 700.00 to pay with.
    await kit.insertBill('Harper Household', {
      status: 'client_approval',
      amount: 40_000,
      dueDate: '2026-12-01',
    });
    let funding = (await checking()).funding;
    expect(funding).toMatchObject({
      funding_required: false,
      waiting_total: 40_000,
      available: 70_000,
      amount_to_move: 0,
    });
    await kit.insertBill('Harper Household', {
      status: 'payment_pending',
      amount: 50_000,
      dueDate: '2026-12-05',
    });
    await kit.insertBill('Harper Household', { status: 'paid', amount: 99_000 });
    funding = (await checking()).funding;
    expect(funding).toMatchObject({
      funding_required: true,
      waiting_total: 90_000,
      amount_to_move: 20_000,
      fund_by: '2026-12-05',
    });
    const overviewAnswer = (await staff.get(`${base}/funding`)).json();
    expect(overviewAnswer.results).toMatchObject([
      { name: 'Operating', funding: { amount_to_move: 20_000 } },
    ]);
  });

  it('refuses observers and other tenants, and disconnects per entity', async () => {
    const clientGuid = base.split('/').at(-1);
    const observer = caller(t, await login(t.app, 'observer@demo.test'));
    expect((await observer.get(`${base}/aggregator-accounts`)).statusCode).toBe(200);
    expect((await observer.post(`${base}/aggregator-accounts/sync`)).statusCode).toBe(403);
    const other = caller(t, await login(t.app, 'other@second.test'));
    expect((await other.get(`${base}/aggregator-accounts`)).statusCode).toBe(404);

    expect(
      (await staff.del(`/v1/integrations/clients/${clientGuid}/entities/${entityGuid}/data-pipeline`))
        .statusCode,
    ).toBe(204);
    const view = await overview();
    expect(view.items[0]?.status).toBe('disconnected');
    expect(view.accounts).toEqual([]);
    expect(plaid.item().removed).toBe(true);
    const [item] = await t.deps.database.db
      .select()
      .from(bankFeedItems)
      .where(eq(bankFeedItems.guid, itemGuid));
    expect(item?.accessTokenSealed).toBeNull();
  });
});

describe('toBankLines', () => {
  it("maps the aggregator's lines to the books' bank-line shape (money out negative)", () => {
    expect(
      toBankLines([
        {
          providerTransactionId: 'a',
          date: '2026-10-01',
          amount: 12_025,
          name: 'CHECK 1042',
          merchantName: null,
          checkNumber: '1042',
          pending: false,
        },
        {
          providerTransactionId: 'b',
          date: '2026-10-02',
          amount: -5_000,
          name: 'DEPOSIT',
          merchantName: 'Payroll Inc',
          checkNumber: null,
          pending: true,
        },
      ]),
    ).toEqual([
      {
        externalId: 'a',
        date: '2026-10-01',
        amountCents: -12_025,
        description: 'CHECK 1042',
        checkNumber: '1042',
        pending: false,
      },
      {
        externalId: 'b',
        date: '2026-10-02',
        amountCents: 5_000,
        description: 'DEPOSIT',
        counterparty: 'Payroll Inc',
        pending: true,
      },
    ]);
  });
});
