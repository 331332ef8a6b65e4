import type { QbdCompanyFile } from '@bp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import type { Caller } from '../../test/org-admin.ts';
import { workflowKit } from '../bill-workflow/test-support.ts';
import { billBooks } from '../bills/test-support.ts';
import { entities, vendors } from '../entities/tables.ts';
import { entityVendorHook } from '../vendors/index.ts';
import { parseSoapCall } from './desktop/soap.ts';
import { createQuickbooks } from './index.ts';
import { qbdBills } from './tables.ts';
import { type CompanyFileFixture, webConnectorStandIn } from './test-support/web-connector-driver.ts';

/**
 * QuickBooks Desktop through the Web Connector (issue 18, decision 035): a company file with its own
 * login and .qwc, and whole Web Connector sessions driven over SOAP by the stand-in, answered in
 * QuickBooks' qbXML format: an iterator of three pages, an error status mid-run, bills added once.
 */
describe.each(backends)('QuickBooks Desktop (%s)', (backend: Backend) => {
  let t: TestApp;
  let manager: Caller;
  let base: string;
  let created: QbdCompanyFile & { password: string };
  const fixture: CompanyFileFixture = {
    // Seven vendors: pages of 3, 3 and 1 at a MaxReturned of 3.
    vendors: [
      { ListID: '80000001-1700000001', Name: 'Pacific Power & Light' },
      { ListID: '80000002-1700000002', Name: 'Evergreen Landscaping' },
      { ListID: '80000003-1700000003', Name: 'Atlas Insurance Co.' },
      { ListID: '80000004-1700000004', Name: 'Harbor Marine Services', Addr1: '12 Dock Rd', City: 'Seattle' },
      { ListID: '80000005-1700000005', Name: 'Summit Roofing' },
      { ListID: '80000006-1700000006', Name: 'Cascade Water District' },
      { ListID: '80000007-1700000007', Name: 'Northwind Security' },
    ],
    accounts: [
      { ListID: '8000000A-1700000010', FullName: 'Electricity', AccountType: 'Expense' },
      { ListID: '8000000B-1700000011', FullName: 'Checking', AccountType: 'Bank', Balance: '5120.33' },
    ],
    classes: [{ ListID: '8000000C-1700000012', FullName: 'Main Residence' }],
    bills: [
      {
        TxnID: '101-1709000000',
        Vendor: 'Summit Roofing',
        RefNumber: 'SR-77',
        TxnDate: '2026-10-02',
        DueDate: '2026-11-01',
        AmountDue: '2400.00',
      },
      {
        TxnID: '102-1709000001',
        Vendor: 'Northwind Security',
        RefNumber: 'NW-1',
        TxnDate: '2026-10-05',
        DueDate: '2026-11-05',
        AmountDue: '89.99',
      },
    ],
    // Class tracking is off in this company file: QuickBooks refuses the class list.
    failing: {
      ClassQueryRq: {
        code: '3250',
        severity: 'Error',
        message: 'This feature is not enabled or not available in this version of QuickBooks.',
      },
    },
  };
  const qb = webConnectorStandIn(fixture);
  const post = (xml: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/v1/integrations/qbdesktop/web-connector',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '"http://developer.intuit.com/x"' },
        payload: xml,
      })
      .then((res) => {
        expect(res.statusCode, res.body).toBe(200);
        return res.body;
      });

  beforeAll(async () => {
    t = await buildTestApp(backend, {
      env: { QBWC_URL: 'https://bills.example.com/v1/integrations/qbdesktop/web-connector' },
    });
    const books = await billBooks(t);
    base = `/v1/integrations/qbdesktop/clients/${books.client.guid}/entities/${books.legal.guid}/company-files`;
    manager = await workflowKit(t).as('manager@demo.test');
    // Classes are asked for only where the entity keeps them (is_qbo_class).
    await t.deps.database.db
      .update(entities)
      .set({ isQboClass: true })
      .where(eq(entities.id, books.legal.id));
  });
  afterAll(() => t?.close());

  it('adds a company file with its own login, shown once, and a .qwc without the password', async () => {
    const res = await manager.post(base, { name: 'Harper Household (Desktop)' });
    expect(res.statusCode, res.body).toBe(201);
    created = res.json();
    expect(created.password.length).toBeGreaterThanOrEqual(20);
    const list = (await manager.get(base)).json();
    expect(JSON.stringify(list)).not.toContain(created.password);
    const qwc = await manager.get(`${base}/${created.guid}/qwc`);
    expect(qwc.statusCode).toBe(200);
    expect(qwc.headers['content-disposition']).toMatch(/Harper(%20| )Household(%20| )Desktop\.qwc/);
    expect(qwc.body).toContain(
      '<AppURL>https://bills.example.com/v1/integrations/qbdesktop/web-connector</AppURL>',
    );
    expect(qwc.body).toContain(`<UserName>${created.username}</UserName>`);
    expect(qwc.body).toMatch(/<OwnerID>\{[0-9A-F-]{36}\}<\/OwnerID>/);
    expect(qwc.body).not.toContain(created.password);
    // Client users never reach the integration.
    const client = await workflowKit(t).as('client@demo.test');
    expect((await client.get(base)).statusCode).toBe(403);
  });

  it('refuses a wrong password (nvu) and a call that is not the Web Connector', async () => {
    const log = await qb.run(post, created.username, 'not-the-password');
    expect(log.authenticated).toBe('nvu');
    const junk = await t.app.inject({
      method: 'POST',
      url: '/v1/integrations/qbdesktop/web-connector',
      headers: { 'content-type': 'text/xml' },
      payload: '<hello/>',
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.body).toContain('soap:Fault');
  });

  it('runs a whole session: an error status mid-run, the file’s bills read and ours added', async () => {
    // A bill approved to payment after the file was added is waiting for it.
    const bill = await workflowKit(t).paymentPendingBill({ invoice_number: 'QBD-ADD-1' });
    const [waiting] = await t.deps.database.db.select().from(qbdBills).where(eq(qbdBills.status, 'to_add'));
    expect(waiting).toBeDefined();

    const log = await qb.run(post, created.username, created.password);
    expect(log.authenticated).toBe('');
    expect(log.requests).toEqual([
      'VendorQueryRq iterator=Start',
      'AccountQueryRq iterator=Start',
      'ClassQueryRq iterator=Start',
      'BillQueryRq iterator=Start',
      'BillAddRq',
    ]);
    expect(log.progress.at(-1)).toBe(100);
    expect(log.closeMessage).toMatch(/1 error/);

    const sessions = (await manager.get(`${base}/${created.guid}/sessions`)).json();
    expect(sessions.results[0]).toMatchObject({
      status: 'failed',
      counts: { vendor: 7, account: 2, bill: 2, bills_added: 1 },
      errors: [{ request: 'ClassQueryRq', status_code: '3250', severity: 'Error' }],
      last_error: expect.stringMatching(/not enabled/),
    });
    const names = (await t.deps.database.db.select({ name: vendors.name }).from(vendors)).map((v) => v.name);
    expect(names.filter((n) => n === 'Pacific Power & Light').length).toBeGreaterThanOrEqual(1);
    expect(names).toContain('Harbor Marine Services');

    const bills = (await manager.get(`${base}/${created.guid}/bills`)).json();
    expect(bills.count).toBe(3);
    const ours = bills.results.find((b: { bill: string | null }) => b.bill === bill.guid);
    expect(ours).toMatchObject({
      status: 'added',
      ref_number: 'QBD-ADD-1',
      txn_id: expect.stringMatching(/-/),
    });
    expect(fixture.bills.at(-1)?.ExternalGUID).toBe(`{${bill.guid.toUpperCase()}}`);
    expect(fixture.bills.at(-1)?.AmountDue).toBe('123.45');
  });

  it('pages through a list with an iterator of three pages, and never adds one of our bills twice', async () => {
    // Our bill's answer was lost (say the Web Connector crashed after QuickBooks added it): it is waiting
    // again here, but QuickBooks holds it with our id, so the next run finds it and adds nothing.
    await t.deps.database.db
      .update(qbdBills)
      .set({ status: 'to_add', txnId: null })
      .where(and(eq(qbdBills.status, 'added')));
    const small = webConnectorStandIn(fixture);
    // A server whose Web Connector asks for 3 objects a page (MaxReturned).
    const connector = createQuickbooks(t.deps, {
      vendorHook: entityVendorHook(t.deps.now),
      qbdPageSize: 3,
    }).webConnector;
    const direct = async (xml: string) => {
      const call = await parseSoapCall(xml);
      if (!call) throw new Error('not SOAP');
      return connector.handle(call);
    };
    const added = fixture.bills.length;
    const log = await small.run(direct, created.username, created.password);
    expect(log.requests).toEqual([
      'VendorQueryRq iterator=Start',
      'VendorQueryRq iterator=Continue',
      'VendorQueryRq iterator=Continue',
      'AccountQueryRq iterator=Start',
      'ClassQueryRq iterator=Start',
      'BillQueryRq iterator=Start',
    ]);
    // Progress only moves forward, and ends at 100.
    expect([...log.progress].sort((a, b) => a - b)).toEqual(log.progress);
    expect(log.progress.at(-1)).toBe(100);
    expect(fixture.bills).toHaveLength(added);
    // The class list's refusal mid-run is this session's error too; the steps after it still ran.
    const sessions = (await manager.get(`${base}/${created.guid}/sessions`)).json();
    expect(sessions.count).toBe(2);
    expect(sessions.results[0]).toMatchObject({
      counts: { vendor: 7, account: 2, bill: 3 },
      errors: [{ request: 'ClassQueryRq', status_code: '3250' }],
    });
    const [ours] = await t.deps.database.db.select().from(qbdBills).where(eq(qbdBills.status, 'added'));
    expect(ours?.txnId).toMatch(/-/);
    const vendorRows = await t.deps.database.db
      .select({ name: vendors.name })
      .from(vendors)
      .where(eq(vendors.name, 'Harbor Marine Services'));
    expect(vendorRows).toHaveLength(1);
  });
});
