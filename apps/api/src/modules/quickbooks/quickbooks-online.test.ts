import type { Bill, QboConnection, QboSync } from '@bp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../platform/jobs/index.ts';
import { type Backend, backends, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import type { Caller } from '../../test/org-admin.ts';
import { workflowKit } from '../bill-workflow/test-support.ts';
import { billBooks } from '../bills/test-support.ts';
import { accounts, vendors } from '../entities/tables.ts';
import { entityVendorHook } from '../vendors/index.ts';
import { createQuickbooks } from './index.ts';
import { WAITING_FOR_BILL } from './online/export.ts';
import { qboSecretBox } from './online/tokens.ts';
import { qboBillExports, qboConnections, qboSyncs } from './tables.ts';
import {
  type QboStandIn,
  STAND_IN_CLIENT_ID,
  STAND_IN_CLIENT_SECRET,
  STAND_IN_VERIFIER_TOKEN,
  startQboStandIn,
  webhookBody,
} from './test-support/qbo-stand-in.ts';

/**
 * QuickBooks Online (issue 18, decision 035) against the local stand-in of Intuit's endpoints: the
 * production client code with its base URLs pointed at it. One app and one stand-in for the file; the
 * tests run in order, each from where the last left the connection.
 */
describe.each(backends)('QuickBooks Online (%s)', (backend: Backend) => {
  let t: TestApp;
  let qbo: QboStandIn;
  let manager: Caller;
  let base: string;
  /** The "workers": the runner's job handlers, as two server processes would each have them. */
  let worker: ReturnType<typeof createQuickbooks>;
  let secondWorker: ReturnType<typeof createQuickbooks>;
  const kit = () => workflowKit(t);

  beforeAll(async () => {
    qbo = await startQboStandIn();
    t = await buildTestApp(backend, {
      env: {
        QBO_CLIENT_ID: STAND_IN_CLIENT_ID,
        QBO_CLIENT_SECRET: STAND_IN_CLIENT_SECRET,
        QBO_AUTH_URL: qbo.authUrl,
        QBO_TOKEN_URL: qbo.tokenUrl,
        QBO_REVOKE_URL: qbo.revokeUrl,
        QBO_API_BASE_URL: qbo.url,
        QBO_WEBHOOK_VERIFIER_TOKEN: STAND_IN_VERIFIER_TOKEN,
      },
    });
    const books = await billBooks(t);
    base = `/v1/integrations/qbonline/clients/${books.client.guid}/entities/${books.legal.guid}`;
    manager = await kit().as('manager@demo.test');
    const vendorHook = entityVendorHook(t.deps.now);
    worker = createQuickbooks(t.deps, { vendorHook });
    secondWorker = createQuickbooks(t.deps, { vendorHook });
  });
  afterAll(async () => {
    await t?.close();
    await qbo?.close();
  });

  /** Staff start OAuth, "click Connect" on the stand-in's consent page, and the web app posts the callback. */
  async function connect(as: Caller) {
    const start = await as.post(`${base}/oauth`, {});
    expect(start.statusCode, start.body).toBe(200);
    const authorize = new URL(start.json().authorize_url as string);
    expect(authorize.origin + authorize.pathname).toBe(qbo.authUrl);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const page = await fetch(authorize);
    expect(await page.text()).toContain('Connect to Harper Household LLC');
    const consent = await fetch(`${qbo.url}/connect/oauth2/consent`, {
      method: 'POST',
      body: new URLSearchParams({
        redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
        state: authorize.searchParams.get('state') ?? '',
        code_challenge: authorize.searchParams.get('code_challenge') ?? '',
      }),
      redirect: 'manual',
    });
    const back = new URL(consent.headers.get('location') ?? '');
    return {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
      realm_id: back.searchParams.get('realmId') ?? '',
    };
  }

  /** Asks for a sync and runs its job (the runner's handler) to the end. */
  async function sync(body: Record<string, unknown> = {}): Promise<QboSync> {
    const res = await manager.post(`${base}/sync`, body);
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json() as QboSync;
    expect(queued.status).toBe('queued');
    const [row] = await t.deps.database.db.select().from(qboSyncs).where(eq(qboSyncs.guid, queued.guid));
    await worker.online.runSync(row?.id ?? 0);
    return (await manager.get(`${base}/syncs/${queued.guid}`)).json() as QboSync;
  }

  const connection = async () => (await manager.get(`${base}/connection`)).json() as QboConnection;

  it('connects an entity through OAuth: state bound to the user and entity, tokens kept only sealed', async () => {
    expect(await connection()).toMatchObject({ configured: true, status: 'not_connected', realm_id: null });
    const callback = await connect(manager);

    // The same callback from another staff member (or for another entity) is refused: the state is not theirs.
    const other = await kit().as('super@demo.test');
    const stolen = await other.post(`${base}/oauth/callback`, callback);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('invalid_state');

    const res = await manager.post(`${base}/oauth/callback`, callback);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'connected',
      realm_id: qbo.company.realmId,
      company_name: 'Harper Household LLC (QuickBooks)',
    });
    // A state is single-use.
    expect((await manager.post(`${base}/oauth/callback`, callback)).statusCode).toBe(400);

    const [row] = await t.deps.database.db.select().from(qboConnections);
    // Only the server's key opens them; the column holds neither token.
    const sealed = row?.sealedTokens ?? '';
    expect(sealed).toMatch(/^v1\./);
    const tokens = JSON.parse(qboSecretBox(t.config.secrets).open(sealed)) as Record<string, string>;
    expect(tokens.access_token).toMatch(/^at-/);
    expect(sealed).not.toContain(tokens.access_token);
    expect(sealed).not.toContain(tokens.refresh_token);
    // Staff without integrations.manage may look, not connect.
    const associate = await kit().as('associate@demo.test');
    expect((await associate.get(`${base}/connection`)).statusCode).toBe(200);
    expect((await associate.post(`${base}/oauth`, {})).statusCode).toBe(403);
  });

  it('syncs everything the first time: vendors and accounts land in the bill form, linked not doubled', async () => {
    const result = await sync();
    expect(result.status, result.error ?? '').toBe('succeeded');
    expect(result.kind).toBe('full');
    const byName = new Map(result.results.map((r) => [`${r.object} ${r.name}`, r]));
    // Pacific Power & Light and Electricity are Harper's already: linked (and completed), not created again.
    expect(byName.get('Vendor Pacific Power & Light')?.action).toBe('skipped');
    expect(byName.get('Vendor Bob’s Burger Joint')?.action).toBe('created');
    expect(byName.get('Account Electricity')?.action).toBe('updated');
    expect(byName.get('Account Repairs')?.action).toBe('created');
    // Harper's "Net 30" is the same as QuickBooks': linked, nothing to change.
    expect(byName.get('Term Net 30')?.action).toBe('skipped');
    expect(byName.get('Customer Harper Tenant')?.action).toBe('created');
    // Classes only when the entity's is_qbo_class is on.
    expect(result.results.some((r) => r.object === 'Class')).toBe(false);

    const books = await billBooks(t);
    const clientBase = `/v1/billing/clients/${books.client.guid}/entities/${books.legal.guid}`;
    const vendorNames = (
      (await manager.get(`${clientBase}/vendors?page_size=100`)).json().results as { name: string }[]
    ).map((v) => v.name);
    expect(vendorNames.filter((n) => n === 'Pacific Power & Light')).toHaveLength(1);
    expect(vendorNames).toContain('Bob’s Burger Joint');
    const accountRows = await t.deps.database.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.entityId, books.legal.id), eq(accounts.name, 'Operating Checking')));
    // Bank accounts are read (for the book balance) but are not offered on bill lines.
    expect(accountRows[0]?.assignableToBill).toBe(false);
    expect(await connection()).toMatchObject({ book_balance: 1_234_567, payment_account_id: '35' });
  });

  it('pulls only what changed next time (change data capture), and refreshes an expired token once', async () => {
    qbo.upsert('Vendor', {
      Id: '56',
      DisplayName: 'Bob’s Burgers',
      PrimaryEmailAddr: { Address: 'bob@burgers.test' },
    });
    qbo.upsert('Vendor', { DisplayName: 'Cascade Water District' });
    qbo.expireAccessTokens();
    const issued = qbo.refreshTokensIssued;
    const result = await sync();
    expect(result.status, result.error ?? '').toBe('succeeded');
    expect(result.kind).toBe('incremental');
    expect(result.results.map((r) => [r.name, r.action])).toEqual([
      ['Bob’s Burgers', 'updated'],
      ['Cascade Water District', 'created'],
    ]);
    // One CDC call refused with 401, the same call again with the refreshed token.
    expect(qbo.calls.get(`GET /v3/company/${qbo.company.realmId}/cdc`)).toBe(2);
    // One refresh after the 401, and the rotated refresh token was kept: the next refresh works.
    expect(qbo.refreshTokensIssued).toBe(issued + 1);
    qbo.expireAccessTokens();
    expect((await sync()).status).toBe('succeeded');
    expect(qbo.refreshTokensIssued).toBe(issued + 2);
    // Before its stated expiry passes, the token is refreshed without a 401 first.
    t.clock.now = new Date(t.clock.now.getTime() + 2 * 3600_000);
    manager = await kit().as('manager@demo.test');
    const before401 = qbo.calls.get(`GET /v3/company/${qbo.company.realmId}/cdc`) ?? 0;
    expect((await sync()).status).toBe('succeeded');
    expect(qbo.refreshTokensIssued).toBe(issued + 3);
    expect(qbo.calls.get(`GET /v3/company/${qbo.company.realmId}/cdc`)).toBe(before401 + 1);
  });

  it('waits out 429 Too Many Requests (Retry-After) and carries on', async () => {
    qbo.throttleNext(2, 0);
    const result = await sync();
    expect(result.status, result.error ?? '').toBe('succeeded');
  });

  let paid: Bill;
  it('exports a bill approved to payment once, under retries and two workers, then its payment', async () => {
    const k = kit();
    const bill = await k.paymentPendingBill({ invoice_number: 'QBO-EXPORT-1' });
    const { db } = t.deps.database;
    const [exported] = await db.select().from(qboBillExports).where(eq(qboBillExports.kind, 'bill'));
    expect(exported).toMatchObject({ status: 'pending', ordinal: 1 });
    const id = exported?.id ?? 0;

    // Two workers take the same export at once: one sends it, the other finds it taken.
    const results = await Promise.all([worker.online.runExport(id), secondWorker.online.runExport(id)]);
    const sent = results.filter((r) => r.result !== null);
    expect(sent).toHaveLength(1);
    const postBill = `POST /v3/company/${qbo.company.realmId}/bill`;
    expect(qbo.calls.get(postBill)).toBe(1);
    expect(qbo.company.Bill).toHaveLength(1);
    const [done] = await db.select().from(qboBillExports).where(eq(qboBillExports.id, id));
    expect(done).toMatchObject({ status: 'exported', qboId: qbo.company.Bill[0]?.Id });
    expect(qbo.company.Bill[0]).toMatchObject({
      VendorRef: { value: '30' },
      DocNumber: 'QBO-EXPORT-1',
      Line: [{ Amount: 123.45, AccountBasedExpenseLineDetail: { AccountRef: { value: '7' } } }],
    });

    // A worker that died after QuickBooks created the bill but before we recorded it: the retry sends the
    // same requestid, and QuickBooks answers with the first bill instead of making a second.
    await db.update(qboBillExports).set({ status: 'pending', qboId: null }).where(eq(qboBillExports.id, id));
    await worker.online.runExport(id);
    expect(qbo.calls.get(postBill)).toBe(2);
    expect(qbo.company.Bill).toHaveLength(1);
    // A sync afterwards finds nothing waiting and sends nothing again.
    expect((await sync()).results.filter((r) => r.object === 'Bill')).toEqual([]);

    const pay = await k.pay(manager, bill);
    expect(pay.statusCode, pay.body).toBe(200);
    paid = pay.json() as Bill;
    const [payment] = await db.select().from(qboBillExports).where(eq(qboBillExports.kind, 'bill_payment'));
    await worker.online.runExport(payment?.id ?? 0);
    expect(qbo.company.BillPayment).toHaveLength(1);
    expect(qbo.company.BillPayment[0]).toMatchObject({
      CheckPayment: { BankAccountRef: { value: '35' } },
      TotalAmt: 123.45,
      Line: [{ LinkedTxn: [{ TxnId: qbo.company.Bill[0]?.Id, TxnType: 'Bill' }] }],
    });
    const list = (await manager.get(`${base}/exports`)).json();
    expect(list.results.map((e: { kind: string; status: string }) => [e.kind, e.status])).toEqual([
      ['bill_payment', 'exported'],
      ['bill', 'exported'],
    ]);
  });

  it('sends a payment that was waiting for its bill as soon as the bill is in QuickBooks', async () => {
    const k = kit();
    const bill = await k.paymentPendingBill({ invoice_number: 'QBO-EXPORT-3' });
    expect((await k.pay(manager, bill)).statusCode).toBe(200);
    const { db } = t.deps.database;
    const waiting = await db.select().from(qboBillExports).where(eq(qboBillExports.status, 'pending'));
    const billExport = waiting.find((e) => e.kind === 'bill');
    const payment = waiting.find((e) => e.kind === 'bill_payment');
    expect(billExport && payment).toBeTruthy();
    // The payment's job ran first: it waits (the runner's back-off is 30-60 s).
    await expect(worker.online.runExport(payment?.id ?? 0)).rejects.toThrow(WAITING_FOR_BILL);
    // The bill's job queues the waiting payment again at once.
    const sent: unknown[] = [];
    const jobs = {
      register() {},
      async send(_queue: unknown, data: unknown) {
        sent.push(data);
        return 'job';
      },
    } as unknown as JobRunner;
    const withRunner = createQuickbooks(t.deps, { vendorHook: entityVendorHook(t.deps.now), jobs });
    await withRunner.online.runExport(billExport?.id ?? 0);
    expect(sent).toEqual([{ exportId: payment?.id }]);
    await worker.online.runExport(payment?.id ?? 0);
    const [done] = await db
      .select()
      .from(qboBillExports)
      .where(eq(qboBillExports.id, payment?.id ?? 0));
    expect(done).toMatchObject({ status: 'exported' });
  });

  it('records QuickBooks’ refusal of an export with its message', async () => {
    const k = kit();
    // A vendor QuickBooks has never seen: the export cannot name it.
    const books = await billBooks(t);
    const bill = await k.paymentPendingBill({
      vendor: books.landscaping.guid,
      invoice_number: 'QBO-EXPORT-2',
    });
    expect(bill.status).toBe('payment_pending');
    const result = await sync();
    const line = result.results.find((r) => r.object === 'Bill');
    expect(line).toMatchObject({
      action: 'failed',
      message: expect.stringMatching(/vendor is not in QuickBooks/),
    });
    expect(paid.status).toBe('paid');
  });

  it('a failing sync keeps the provider’s message', async () => {
    qbo.failQueries('Query on Vendor is not supported for this company');
    const result = await sync({ full: true });
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/not supported for this company/);
    expect((await connection()).last_sync).toMatchObject({ status: 'failed' });
    qbo.failQueries(null);
  });

  it('refuses unsigned and wrongly signed webhooks; a signed one queues a sync', async () => {
    const body = webhookBody(qbo.company.realmId, [{ name: 'Vendor', id: '56', operation: 'Update' }]);
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/integrations/qbonline/webhooks',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
    let res = await post({});
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_signature');
    res = await post({ 'intuit-signature': qbo.sign(`${body} `) });
    expect(res.statusCode).toBe(401);
    const before = await t.deps.database.db.select().from(qboSyncs).where(eq(qboSyncs.kind, 'webhook'));
    res = await post({ 'intuit-signature': qbo.sign(body) });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.deps.database.db.select().from(qboSyncs).where(eq(qboSyncs.kind, 'webhook'));
    expect(after.length).toBe(before.length + 1);
  });

  it('shows a connection QuickBooks revoked as such, with reconnect; disconnect revokes at Intuit', async () => {
    qbo.revokeGrant();
    const failed = await sync();
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/reconnect/i);
    expect(await connection()).toMatchObject({
      status: 'revoked',
      error: expect.stringMatching(/reconnect/i),
    });
    const refused = await manager.post(`${base}/sync`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('reconnect_required');

    const res = await manager.post(`${base}/oauth/callback`, await connect(manager));
    expect(res.json()).toMatchObject({ status: 'connected' });
    expect((await sync()).status).toBe('succeeded');

    expect((await manager.del(`${base}/connection`)).statusCode).toBe(204);
    expect(qbo.calls.get('POST /v2/oauth2/tokens/revoke')).toBe(1);
    expect(await connection()).toMatchObject({ status: 'disconnected', realm_id: null });
    const [row] = await t.deps.database.db.select().from(qboConnections);
    expect(row?.sealedTokens).toBeNull();
    // The vendors read from QuickBooks stay the entity's.
    const names = await t.deps.database.db.select({ name: vendors.name }).from(vendors);
    expect(names.map((n) => n.name)).toContain('Cascade Water District');
  });
});
