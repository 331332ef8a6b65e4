import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Backend, backends, useTestApp } from '../../test/build-test-app.ts';
import { CLIENT_EXPORT_COLUMNS } from './client-export.ts';
import { clientsTestKit } from './test-support.ts';

const MANAGER = 'manager@demo.test';

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

const TRICKY = [
  '=HYPERLINK("http://evil.test","x")',
  '+1+2',
  '-3+4',
  '@SUM(A1:A2)',
  'Smith, "Junior"\nSecond line',
];

describe.each(backends)('client export (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  const kit = clientsTestKit(t);

  it('exports every matching client as CSV with quoting and formula neutralising', async () => {
    const base = `/v1/accounts/organizations/${await kit.orgGuid('Demo Family Office')}/clients`;
    for (const [i, name] of TRICKY.entries()) {
      const res = await kit.call(MANAGER, 'POST', base, { name, bp_ff_amount: 100 * (i + 1) + 5 });
      expect(res.statusCode).toBe(201);
    }
    // More rows than one page: the export is not paged.
    for (let i = 0; i < 8; i++) await kit.call(MANAGER, 'POST', base, { name: `Bulk ${i}` });

    const res = await kit.call(MANAGER, 'GET', `${base}/export?format=csv&service=bill_pay`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="clients-bill-pay-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual(CLIENT_EXPORT_COLUMNS.map((c) => c.header));
    // 3 bill-pay demo clients + 13 created here; Lindqvist (FOA) is filtered out.
    expect(rows).toHaveLength(16);
    const names = rows.map((r) => r[0]);
    expect(names).not.toContain('Lindqvist Trust');
    expect(names).toContain('\'=HYPERLINK("http://evil.test","x")');
    expect(names).toContain("'+1+2");
    expect(names).toContain("'-3+4");
    expect(names).toContain("'@SUM(A1:A2)");
    expect(names).toContain('Smith, "Junior"\nSecond line');
    const plus = rows.find((r) => r[0] === "'+1+2");
    expect(plus?.slice(1, 6)).toEqual(['Bill Pay', '', '2.05', '0.00', '2.05']);
    const harper = rows.find((r) => r[0] === 'Harper Household');
    expect(harper?.[8]).toBe('Summit Wealth Advisors');

    const searched = parseCsv(
      (await kit.call(MANAGER, 'GET', `${base}/export?search=bulk&ordering=-name`)).body.slice(1),
    );
    expect(searched.slice(1).map((r) => r[0])).toEqual([7, 6, 5, 4, 3, 2, 1, 0].map((i) => `Bulk ${i}`));
  });

  it('exports archived clients as XLSX with a header row', async () => {
    const base = `/v1/accounts/organizations/${await kit.orgGuid('Demo Family Office')}/clients`;
    const created = (
      await kit.call(MANAGER, 'POST', base, { name: '=1+1 Archive', foa_ff_amount: 123_456 })
    ).json();
    await kit.call(MANAGER, 'POST', `${base}/${created.guid}/archive`);
    const res = await kit.call(MANAGER, 'GET', `${base}/export?format=xlsx&archived=true`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/filename="archived-clients-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Clients');
    if (!sheet) throw new Error('no Clients sheet');
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(CLIENT_EXPORT_COLUMNS.map((c) => c.header));
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe("'=1+1 Archive");
    expect(row.getCell(1).formula).toBeUndefined();
    expect(row.getCell(5).value).toBe(1234.56);
    expect(row.getCell(6).value).toBe(1234.56);
  });

  it('refuses an unknown format and callers without clients.export', async () => {
    const base = `/v1/accounts/organizations/${await kit.orgGuid('Demo Family Office')}/clients`;
    const bad = await kit.call(MANAGER, 'GET', `${base}/export?format=pdf`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['format']);
    expect((await kit.call('associate@demo.test', 'GET', `${base}/export`)).statusCode).toBe(403);
    expect((await kit.call('client@demo.test', 'GET', `${base}/export`)).statusCode).toBe(404);
  });
});
