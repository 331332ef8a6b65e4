import type { BillSummary, Paged } from '@bp/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, useTestApp } from '../../test/build-test-app.ts';
import { designatedEntities, excludedVendors } from '../entities/tables.ts';
import { BILL_EXPORT_COLUMNS } from './bill-export.ts';
import { organizationBillScope } from './scope.ts';
import { exportBills } from './search.ts';
import { billKit } from './test-support.ts';

const MANAGER = 'manager@demo.test';
const HARPER = 'Harper Household';
const NOW = new Date('2026-11-20T15:00:00Z');
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute));

/** A strict RFC 4180 reader: quoted fields, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

describe.each(backends)('advanced search and export (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  const kit = billKit(t);
  let harper: string;
  let org: string;
  let personalEntity: string;
  let delacroixGuid: string;
  let brennanGuid: string;
  const bill: Record<string, string> = {};

  /** Invoice numbers of a search's results, in order (bills here all have distinct ones, or null → '-'). */
  async function invoices(email: string, url: string): Promise<string[]> {
    const res = await (await kit.as(email))(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return (res.json() as Paged<BillSummary>).results.map((b) => b.invoice_number ?? '-');
  }
  const staff = (query: string) => invoices(MANAGER, `${harper}/advanced-search?${query}`);
  const orgWide = (query: string) => invoices(MANAGER, `${org}/advanced-search?${query}`);

  beforeAll(async () => {
    t.clock.now = NOW;
    await kit.clearBills();
    const h = await kit.demoClient(HARPER);
    harper = `/v1/billing/clients/${h.client.guid}`;
    personalEntity = h.personal.guid;
    delacroixGuid = (await kit.demoClient('Delacroix Estate')).client.guid;
    brennanGuid = (await kit.demoClient('Brennan Family')).client.guid;
    const orgRow = await t.deps.database.db.query.organizations.findFirst({
      where: (o, { eq }) => eq(o.id, h.client.organizationId),
    });
    org = `/v1/billing/organizations/${orgRow?.guid}`;

    bill.A = await kit.insertBill(HARPER, {
      vendor: 'Pacific Power & Light',
      amount: 12_345,
      dueDate: '2026-06-01',
      status: 'org_approval',
      invoiceNumber: 'PPL-2026-001',
      invoiceDate: '2026-05-20',
      memos: ['Electricity May'],
      createdAt: at(1),
    });
    bill.B = await kit.insertBill(HARPER, {
      vendor: 'Evergreen Landscaping',
      amount: 250_000,
      dueDate: '2026-06-15',
      status: 'client_approval',
      invoiceNumber: 'EVG-77',
      invoiceDate: '2026-06-01',
      memos: ['Hedge trimming', 'Lawn care'],
      createdAt: at(2),
    });
    bill.C = await kit.insertBill(HARPER, {
      vendor: 'Atlas Insurance Co.',
      amount: 999_999,
      dueDate: '2026-07-01',
      status: 'paid',
      paidDate: '2026-06-28',
      invoiceNumber: 'ATL-POLICY-9',
      paymentMethod: 'wire',
      memos: ['Home policy renewal'],
      createdAt: at(3),
    });
    bill.D = await kit.insertBill(HARPER, {
      entity: 'personal',
      vendor: 'Pacific Power & Light',
      amount: 5_000,
      dueDate: '2026-05-10',
      status: 'rejected',
      invoiceNumber: null,
      memos: ['Water 100%'],
      createdAt: at(4),
    });
    bill.E = await kit.insertBill('Delacroix Estate', {
      vendor: 'Atlas Insurance Co.',
      amount: 70_000,
      dueDate: '2026-06-20',
      status: 'org_approval',
      invoiceNumber: '=HYPERLINK("http://evil.test","x")',
      memos: ['+danger'],
      createdAt: at(5),
    });
    bill.F = await kit.insertBill('Brennan Family', {
      vendor: 'Pacific Power & Light',
      status: 'org_approval',
      invoiceNumber: 'PPL-2026-SECOND',
      createdAt: at(6),
    });
  });

  it('lists every bill of the scope, newest first, with its client, entity and vendor', async () => {
    expect(await staff('')).toEqual(['-', 'ATL-POLICY-9', 'EVG-77', 'PPL-2026-001']);
    expect(await orgWide('client=all-clients&entity=all-entities')).toEqual([
      '=HYPERLINK("http://evil.test","x")',
      '-',
      'ATL-POLICY-9',
      'EVG-77',
      'PPL-2026-001',
    ]);
    const res = await (await kit.as(MANAGER))(`${harper}/advanced-search?invoice_number=EVG`);
    const [row] = (res.json() as Paged<BillSummary>).results;
    expect(row).toMatchObject({
      guid: bill.B,
      status: 'client_approval',
      amount: 250_000,
      due_date: '2026-06-15',
      invoice_date: '2026-06-01',
      client: { name: HARPER },
      entity: { nickname: 'Harper Holdings LLC' },
      vendor: { name: 'Evergreen Landscaping' },
      paid_date: null,
    });
  });

  it('narrows by each filter as a user expects', async () => {
    // Vendor name contains, any case; a % is a character, not a wildcard.
    expect(await staff('vendor=PACIFIC')).toEqual(['-', 'PPL-2026-001']);
    expect(await staff('vendor=%25')).toEqual([]);
    // Amounts in cents, both ends included.
    expect(await staff('amount_min=12345&amount_max=250000')).toEqual(['EVG-77', 'PPL-2026-001']);
    expect(await orgWide('amount_min=60000&amount_max=300000')).toEqual([
      '=HYPERLINK("http://evil.test","x")',
      'EVG-77',
    ]);
    // Date ranges, both ends included.
    expect(await staff('due_date_from=2026-06-01&due_date_to=2026-06-15')).toEqual([
      'EVG-77',
      'PPL-2026-001',
    ]);
    expect(await staff('invoice_date_from=2026-05-01&invoice_date_to=2026-05-31')).toEqual(['PPL-2026-001']);
    expect(await staff('paid_date_from=2026-06-01')).toEqual(['ATL-POLICY-9']);
    // One status, or several.
    expect(await staff('status=org_approval')).toEqual(['PPL-2026-001']);
    expect(await staff('status=org_approval&status=paid')).toEqual(['ATL-POLICY-9', 'PPL-2026-001']);
    // Entity, and client on the organisation base.
    expect(await staff(`entity=${personalEntity}`)).toEqual(['-']);
    expect(await orgWide(`client=${delacroixGuid}`)).toEqual(['=HYPERLINK("http://evil.test","x")']);
    // Memo of any line (a bill with two matching lines still shows once); invoice number contains.
    expect(await staff('memo=LAWN')).toEqual(['EVG-77']);
    expect(await staff('memo=RE')).toEqual(['ATL-POLICY-9', 'EVG-77']);
    expect(await staff('memo=100%25')).toEqual(['-']);
    expect(await staff('invoice_number=ppl-2026')).toEqual(['PPL-2026-001']);
    // Free text over vendor name, invoice number and memo.
    expect(await staff('search=atlas')).toEqual(['ATL-POLICY-9']);
    expect(await staff('search=hedge')).toEqual(['EVG-77']);
    expect(await staff('search=ppl')).toEqual(['PPL-2026-001']);
    expect(await orgWide('search=insurance')).toEqual(['=HYPERLINK("http://evil.test","x")', 'ATL-POLICY-9']);
    // Filters combine: all must hold.
    expect(await staff('vendor=pacific&status=rejected&memo=water')).toEqual(['-']);
    expect(await staff('vendor=pacific&status=paid')).toEqual([]);
  });

  it('orders by due date, amount or creation either way, and pages', async () => {
    expect(await staff('ordering=amount')).toEqual(['-', 'PPL-2026-001', 'EVG-77', 'ATL-POLICY-9']);
    expect(await staff('ordering=-due_date')).toEqual(['ATL-POLICY-9', 'EVG-77', 'PPL-2026-001', '-']);
    expect(await staff('ordering=created_on')).toEqual(['PPL-2026-001', 'EVG-77', 'ATL-POLICY-9', '-']);
    // An unknown ordering falls back to the default (newest first).
    expect(await staff('ordering=vendor;drop')).toEqual(['-', 'ATL-POLICY-9', 'EVG-77', 'PPL-2026-001']);
    const get = await kit.as(MANAGER);
    const page2 = (await get(`${harper}/advanced-search?ordering=amount&page=2&page_size=3`)).json();
    expect(page2.count).toBe(4);
    expect(page2.results.map((b: BillSummary) => b.invoice_number)).toEqual(['ATL-POLICY-9']);
    expect(page2.next).toBeNull();
    expect(page2.previous).toMatch(/page=1/);
    const beyond = (await get(`${harper}/advanced-search?page=9`)).json();
    expect(beyond).toMatchObject({ count: 4, results: [] });
  });

  it('refuses reversed ranges with 400 on the upper bound', async () => {
    const get = await kit.as(MANAGER);
    const res = await get(
      `${harper}/advanced-search?amount_min=500&amount_max=100&due_date_from=2026-02-01&due_date_to=2026-01-01`,
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['amount_max', 'due_date_to']);
    expect((await get(`${harper}/advanced-search?status=nonsense`)).statusCode).toBe(400);
    expect((await get(`${harper}/advanced-search?amount_min=-1`)).statusCode).toBe(400);
  });

  it("answers 404 for another tenant's path, client or entity, and never shows another organisation's bills", async () => {
    const get = await kit.as(MANAGER);
    const foreignClient = await get(`${org}/advanced-search?client=${brennanGuid}`);
    expect(foreignClient.statusCode).toBe(404);
    expect(foreignClient.json()).toEqual({ detail: expect.any(String), code: 'not_found' });
    const brennanEntity = (await kit.demoClient('Brennan Family')).legal.guid;
    expect((await get(`${org}/advanced-search?entity=${brennanEntity}`)).statusCode).toBe(404);
    expect((await get(`${org}/advanced-search/export?client=${brennanGuid}`)).statusCode).toBe(404);
    expect(await orgWide('search=SECOND')).toEqual([]);
    const other = await kit.as('other@second.test');
    for (const url of [
      `${org}/advanced-search`,
      `${harper}/advanced-search`,
      `${harper}/advanced-search/export`,
    ]) {
      const res = await other(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Harper');
    }
  });

  it("shows client users their client's bills, never their excluded vendors' nor, for a designee, undesignated entities", async () => {
    const { db } = t.deps.database;
    const h = await kit.demoClient(HARPER);
    const evergreen = await kit.vendorOf(h.legal.id, 'Evergreen Landscaping');
    await db
      .insert(excludedVendors)
      .values({ clientUserId: await kit.clientUserId('client@demo.test', HARPER), vendorId: evergreen.id });
    await db
      .insert(designatedEntities)
      .values({ clientUserId: await kit.clientUserId('designee@demo.test', HARPER), entityId: h.legal.id });

    const client = (query: string) => invoices('client@demo.test', `${harper}/advanced-search?${query}`);
    expect(await client('')).toEqual(['-', 'ATL-POLICY-9', 'PPL-2026-001']);
    // Not by name, memo or free text either.
    expect(await client('vendor=evergreen')).toEqual([]);
    expect(await client('search=hedge')).toEqual([]);
    expect(await invoices('designee@demo.test', `${harper}/advanced-search`)).toEqual([
      'ATL-POLICY-9',
      'EVG-77',
      'PPL-2026-001',
    ]);
    // The observer reads (search is not an action).
    expect(await invoices('observer@demo.test', `${harper}/advanced-search`)).toEqual([
      '-',
      'ATL-POLICY-9',
      'EVG-77',
      'PPL-2026-001',
    ]);
    // A client user's export is the same list.
    const csv = await (await kit.as('client@demo.test'))(`${harper}/advanced-search/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    const rows = parseCsv(csv.body.slice(1)).slice(1);
    expect(rows.map((r) => r[2])).toEqual([
      'Pacific Power & Light',
      'Atlas Insurance Co.',
      'Pacific Power & Light',
    ]);
    // Client users reach only their own client: the organisation base is not theirs.
    expect((await (await kit.as('client@demo.test'))(`${org}/advanced-search`)).statusCode).toBe(404);
  });

  it('exports every matching bill as CSV: labels, dollars, MM/dd/yyyy dates and neutralised formulas', async () => {
    const res = await (await kit.as(MANAGER))(`${org}/advanced-search/export?format=csv&ordering=created_on`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="bills-2026-11-20.csv"');
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual([
      'Client',
      'Entity',
      'Vendor',
      'Invoice Number',
      'Invoice Date',
      'Due Date',
      'Amount',
      'Payment Method',
      'Status',
      'Paid Date',
    ]);
    expect(rows).toEqual([
      [
        HARPER,
        'Harper Holdings LLC',
        'Pacific Power & Light',
        'PPL-2026-001',
        '05/20/2026',
        '06/01/2026',
        '123.45',
        'ACH',
        'Org Approval',
        '',
      ],
      [
        HARPER,
        'Harper Holdings LLC',
        'Evergreen Landscaping',
        'EVG-77',
        '06/01/2026',
        '06/15/2026',
        '2500.00',
        'ACH',
        'Client Approval',
        '',
      ],
      [
        HARPER,
        'Harper Holdings LLC',
        'Atlas Insurance Co.',
        'ATL-POLICY-9',
        '',
        '07/01/2026',
        '9999.99',
        'Wire',
        'Paid',
        '06/28/2026',
      ],
      [
        HARPER,
        'Harper Personal',
        'Pacific Power & Light',
        '',
        '',
        '05/10/2026',
        '50.00',
        'ACH',
        'Rejected',
        '',
      ],
      [
        'Delacroix Estate',
        'Delacroix Holdings LLC',
        'Atlas Insurance Co.',
        '\'=HYPERLINK("http://evil.test","x")',
        '',
        '06/20/2026',
        '700.00',
        'ACH',
        'Org Approval',
        '',
      ],
    ]);
    // The export takes the search's filters; with no format it is CSV.
    const filtered = await (await kit.as(MANAGER))(`${org}/advanced-search/export?status=paid`);
    expect(filtered.headers['content-type']).toMatch(/^text\/csv/);
    expect(
      parseCsv(filtered.body.slice(1))
        .slice(1)
        .map((r) => r[3]),
    ).toEqual(['ATL-POLICY-9']);
  });

  it('exports XLSX that reads back with the same cells, amounts as numbers and formulas as text', async () => {
    const res = await (await kit.as(MANAGER))(`${org}/advanced-search/export?format=xlsx&ordering=-amount`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe('attachment; filename="bills-2026-11-20.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Bills');
    if (!sheet) throw new Error('no Bills sheet');
    expect(sheet.rowCount).toBe(6);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(BILL_EXPORT_COLUMNS.map((c) => c.header));
    const top = sheet.getRow(2);
    expect(top.getCell(3).value).toBe('Atlas Insurance Co.');
    expect(top.getCell(7).value).toBe(9999.99);
    expect(top.getCell(7).numFmt).toBe('#,##0.00');
    expect(top.getCell(8).value).toBe('Wire');
    const danger = sheet.getRow(4);
    expect(danger.getCell(4).value).toBe('\'=HYPERLINK("http://evil.test","x")');
    expect(danger.getCell(4).formula).toBeUndefined();
  });

  it('refuses an export above the row limit with 400 asking to narrow the search', async () => {
    const { db } = t.deps.database;
    const h = await kit.demoClient(HARPER);
    const organization = { id: h.client.organizationId } as Parameters<typeof organizationBillScope>[1];
    const scope = await organizationBillScope(db, organization, {});
    await expect(exportBills(db, scope, {}, 4)).rejects.toMatchObject({
      fields: { non_field_errors: [expect.stringMatching(/Narrow the search/)] },
    });
    expect(await exportBills(db, scope, { status: ['org_approval'] }, 4)).toHaveLength(2);
  });
});
