import { formatMoney } from '@bp/domain';
import { parse } from 'csv-parse/sync';
import { and, eq, gte, lt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { type Backend, backends, login, useTestApp } from '../../test/build-test-app.ts';
import { bills } from '../bill-core/tables.ts';
import { caller, demoClient } from '../entities/test-support.ts';
import { bankSecretBox } from './bank-secret.ts';
import { amountInWords, micrLine, validAbaRouting } from './printed-checks.ts';
import { generateAndWait, paidBill } from './test-support.ts';

const ROUTING = '021000021';

async function pdfText(data: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(data));
  const { text, totalPages } = await extractText(pdf, { mergePages: false });
  return { pages: text, totalPages };
}

describe('check helpers', () => {
  it('writes amounts in words, checks routing numbers, and lays out the MICR line', () => {
    expect(amountInWords(123456)).toBe('One thousand two hundred thirty-four and 56/100 dollars');
    expect(amountInWords(5)).toBe('Zero and 05/100 dollars');
    expect(amountInWords(2_000_000_00)).toBe('Two million and 00/100 dollars');
    expect(validAbaRouting(ROUTING)).toBe(true);
    expect(validAbaRouting('021000022')).toBe(false);
    expect(micrLine('1001', { routingNumber: ROUTING, accountNumber: '123456789' })).toBe(
      'C001001C A021000021A 123456789C',
    );
  });

  it('seals the bank account number so only the same server secret opens it', () => {
    const box = bankSecretBox('a server secret of at least thirty-two characters');
    const sealed = box.seal('123456789');
    expect(sealed).not.toContain('123456789');
    expect(box.seal('123456789')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('123456789');
    expect(() => bankSecretBox('another server secret, also long enough').open(sealed)).toThrow();
    const [version, iv, tag] = sealed.split('.');
    const forged = [version, iv, tag, Buffer.from('987654321').toString('base64url')].join('.');
    expect(() => box.open(forged)).toThrow();
  });
});

describe.each(backends)('generated reports (%s)', (backend: Backend) => {
  const t = useTestApp(backend, { jobs: true });

  async function setUp(year: number) {
    const harper = await demoClient(t, 'Harper Household');
    const manager = await login(t.app, 'manager@demo.test');
    const staff = caller(t, manager);
    const base = `/v1/reports/clients/${harper.client.guid}/reports`;
    const org = harper.client.organizationId;
    // In the period: three checks of the legal entity, one of the personal; outside it or by ACH: not listed.
    const inPeriod = [
      await paidBill(t, harper.legal, org, {
        amount: 125_050,
        paidDate: `${year}-03-04`,
        check: '5001',
        invoice: 'INV-1',
      }),
      await paidBill(t, harper.legal, org, {
        amount: 9_999,
        paidDate: `${year}-03-10`,
        check: '5002',
        invoice: 'INV-2',
      }),
      await paidBill(t, harper.legal, org, {
        amount: 310_000,
        paidDate: `${year}-03-31`,
        check: '5003',
        invoice: 'INV-3',
      }),
      await paidBill(t, harper.personal, org, {
        amount: 4_321,
        paidDate: `${year}-03-15`,
        check: '7001',
        invoice: 'P-1',
      }),
    ];
    await paidBill(t, harper.legal, org, {
      amount: 777_700,
      paidDate: `${year}-04-01`,
      check: '5004',
      invoice: 'LATE',
    });
    await paidBill(t, harper.legal, org, {
      amount: 888_800,
      paidDate: `${year}-03-12`,
      check: 'ACH',
      invoice: 'ACH',
      method: 'ach',
    });
    return { harper, manager, staff, base, inPeriod };
  }

  it('generates a check register as XLSX and PDF whose totals are those of the bills paid by check', async () => {
    const { harper, manager, staff, base, inPeriod } = await setUp(2019);
    const report = (
      await staff('POST', base, {
        type: 'check_registers',
        name: 'Checks March 2019',
        period_year: 2019,
        period_month: 3,
      })
    ).json();
    const url = `${base}/${report.guid}`;
    const period = { from: '2019-03-01', to: '2019-03-31' };

    const job = await generateAndWait(t, manager, `${url}/generate`, { ...period, format: 'xlsx' });
    expect(job.state).toBe('completed');
    expect(job.progress).toEqual({ done: 3, total: 3, message: 'Done' });
    const total = inPeriod.reduce((sum, b) => sum + b.amount, 0);
    expect(job.result).toMatchObject({
      checks: 4,
      total_cents: total,
      file_name: 'check-register-2019-03-01-to-2019-03-31.xlsx',
    });

    const xlsx = await staff('GET', `${url}/files/${job.result.file_guid}/download`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Check register');
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const amountOf = (label: string) => rows.find((r) => r[0] === label)?.[5];
    const legal = inPeriod.filter((b) => b.entityId === harper.legal.id).reduce((s, b) => s + b.amount, 0);
    expect(amountOf('Total')).toBe(total / 100);
    expect(amountOf(`Total ${harper.legal.nickname}`)).toBe(legal / 100);
    expect(amountOf(`Total ${harper.personal.nickname}`)).toBe(4_321 / 100);
    const checkRows = rows.filter((r) => /^\d+$/.test(String(r[2])));
    expect(checkRows.map((r) => r[2]).sort()).toEqual(['5001', '5002', '5003', '7001']);
    const sumOfRows = checkRows.reduce((s, r) => s + Math.round(Number(r[5]) * 100), 0);
    expect(sumOfRows).toBe(total);

    const pdfJob = await generateAndWait(t, manager, `${url}/generate`, { ...period, format: 'pdf' });
    expect(pdfJob.state).toBe('completed');
    const pdf = await staff('GET', `${url}/files/${pdfJob.result.file_guid}/download`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { pages } = await pdfText(pdf.rawPayload);
    const text = pages.join('\n');
    expect(text).toContain(`Total: ${formatMoney(total)}`);
    expect(text).toContain(`Total ${harper.legal.nickname}`);
    expect(text).toContain(formatMoney(legal));
    expect(text).toContain(inPeriod[0]?.vendorName ?? '?');
    expect(text).not.toContain('LATE');

    // A second register of the same period is the file's next version; the history names both.
    const again = await generateAndWait(t, manager, `${url}/generate`, { ...period, format: 'xlsx' });
    expect(again.result.version).toBe(2);
    const shown = (await staff('GET', url)).json();
    expect(
      shown.files
        .map((f: { original_name: string; version: number; source: string }) => [
          f.original_name,
          f.version,
          f.source,
        ])
        .sort(),
    ).toEqual([
      ['check-register-2019-03-01-to-2019-03-31.pdf', 1, 'generated'],
      ['check-register-2019-03-01-to-2019-03-31.xlsx', 2, 'generated'],
    ]);
    expect((await staff('GET', `${url}/history`)).json().results[0].kind).toBe('file_generated');
  });

  it('prints the same checks three to a page with the MICR line, and writes their positive-pay file', async () => {
    const { manager, staff, base, inPeriod } = await setUp(2018);
    const report = (
      await staff('POST', base, {
        type: 'printed_checks',
        name: 'Check run',
        period_year: 2018,
        period_month: 3,
      })
    ).json();
    const url = `${base}/${report.guid}`;
    const period = { from: '2018-03-01', to: '2018-03-31' };
    const missing = await staff('POST', `${url}/generate`, { ...period, format: 'pdf' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['routing_number']);
    const badChecksum = await staff('POST', `${url}/generate`, {
      ...period,
      routing_number: '021000022',
      account_number: '123456789',
    });
    expect(badChecksum.json()).toEqual({
      routing_number: ['Enter the 9-digit routing number of the account the checks are drawn on.'],
    });
    const xlsx = await staff('POST', `${url}/generate`, {
      ...period,
      format: 'xlsx',
      routing_number: ROUTING,
      account_number: '123456789',
    });
    expect(xlsx.json()).toEqual({ format: ['Choose pdf or csv for this report.'] });

    const bank = {
      ...period,
      routing_number: ROUTING,
      account_number: '123456789',
      first_check_number: 1001,
    };
    const job = await generateAndWait(t, manager, `${url}/generate`, { ...bank, format: 'pdf' });
    expect(job.state).toBe('completed');
    const total = inPeriod.reduce((sum, b) => sum + b.amount, 0);
    expect(job.result).toMatchObject({ checks: 4, total_cents: total });
    const pdf = await staff('GET', `${url}/files/${job.result.file_guid}/download`);
    const { pages, totalPages } = await pdfText(pdf.rawPayload);
    expect(totalPages).toBe(2);
    expect(pages[0]).toContain('C001001C A021000021A 123456789C');
    expect(pages[0]).toContain('C001003C');
    expect(pages[1]).toContain('C001004C');
    expect(pages[1]).not.toContain('C001001C');
    const printed = pages.join('\n');
    for (const bill of inPeriod) expect(printed).toContain(formatMoney(bill.amount).replace('$', '$ '));
    expect(printed).toContain('One thousand two hundred fifty and 50/100 dollars');

    // The account number never rests in pg-boss's job rows: it travels sealed (decision 027).
    const stored = (
      await t.deps.database.executeSql(`SELECT data::text AS data FROM pgboss.job WHERE name = $1`, [
        'reports.generate',
      ])
    ).rows as { data: string }[];
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      expect(row.data).not.toContain('123456789');
      expect(JSON.parse(row.data)).not.toHaveProperty('accountNumber');
    }

    const csvJob = await generateAndWait(t, manager, `${url}/generate`, { ...bank, format: 'csv' });
    const csv = (await staff('GET', `${url}/files/${csvJob.result.file_guid}/download`)).body;
    const records: string[][] = parse(csv);
    expect(records[0]).toEqual([
      'Account Number',
      'Check Number',
      'Issue Date',
      'Amount',
      'Payee',
      'Issue Code',
    ]);
    expect(records).toHaveLength(5);
    expect(records.slice(1).map((r) => r[1])).toEqual(['1001', '1002', '1003', '1004']);
    const csvCents = records.slice(1).reduce((sum, r) => sum + Math.round(Number(r[3]) * 100), 0);
    expect(csvCents).toBe(total);
  });

  it('writes the cash flow of the commitments forecast by category and month, with every bill paid', async () => {
    const { harper, manager, staff, base } = await setUp(2017);
    const today = t.clock.now.toISOString().slice(0, 10);
    const first = `${today.slice(0, 7)}-01`;
    // A bill paid today: in the first month of the window.
    const paidToday = await paidBill(t, harper.legal, harper.client.organizationId, {
      amount: 54_321,
      paidDate: today,
      check: '9001',
      invoice: 'CF-1',
    });
    const report = (
      await staff('POST', base, {
        type: 'cash_flow',
        name: 'Cash flow',
        period_year: Number(today.slice(0, 4)),
      })
    ).json();
    const url = `${base}/${report.guid}`;
    const job = await generateAndWait(t, manager, `${url}/generate`, {
      from: first,
      to: first,
      format: 'xlsx',
    });
    expect(job.state).toBe('completed');

    const forecast = (
      await staff('GET', `/v1/billing/clients/${harper.client.guid}/commitments/cash-outflow`)
    ).json();
    const end = new Date(`${forecast.months.at(-1).month}-01T00:00:00Z`);
    end.setUTCMonth(end.getUTCMonth() + 1);
    const afterWindow = end.toISOString().slice(0, 10);
    const rows = await t.deps.database.db
      .select({ amount: bills.amount })
      .from(bills)
      .where(
        and(
          eq(bills.clientId, harper.client.id),
          eq(bills.status, 'paid'),
          gte(bills.paidDate, first),
          lt(bills.paidDate, afterWindow),
        ),
      );
    const paidCents = rows.reduce((sum, r) => sum + r.amount, 0);
    expect(paidCents).toBeGreaterThanOrEqual(paidToday.amount);
    expect(job.result).toMatchObject({ committed_cents: forecast.totals.committed, paid_cents: paidCents });

    const xlsx = await staff('GET', `${url}/files/${job.result.file_guid}/download`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheetRows: unknown[][] = [];
    book.getWorksheet('Cash flow')?.eachRow((row) => sheetRows.push((row.values as unknown[]).slice(1)));
    expect(sheetRows[1]?.slice(1, 13)).toEqual(forecast.months.map((m: { month: string }) => m.month));
    const totalOf = (label: string) => sheetRows.find((r) => r[0] === label)?.[13];
    expect(totalOf('Committed total')).toBeCloseTo(forecast.totals.committed / 100, 2);
    expect(totalOf('All bills paid')).toBeCloseTo(paidCents / 100, 2);
    const categoryTotal = sheetRows
      .filter((r) => String(r[0]).startsWith('Committed: '))
      .reduce((sum, r) => sum + Math.round(Number(r[13]) * 100), 0);
    expect(categoryTotal).toBe(forecast.totals.committed);

    const pdfJob = await generateAndWait(t, manager, `${url}/generate`, {
      from: first,
      to: first,
      format: 'pdf',
    });
    const pdf = await staff('GET', `${url}/files/${pdfJob.result.file_guid}/download`);
    const text = (await pdfText(pdf.rawPayload)).pages.join('\n');
    expect(text).toContain(`Committed total: ${formatMoney(forecast.totals.committed)}`);
    expect(text).toContain(`All bills paid: ${formatMoney(paidCents)}`);
  });
});
