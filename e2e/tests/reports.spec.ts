import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { as, bearer, booksOf, expect, unique } from '../support/bills.ts';
import { test } from '../support/test.ts';

// Lindqvist Trust's bills paid in February 2021 are this spec's alone (no seed or other spec pays then).
test.describe.configure({ timeout: 300_000 });

const PAID_ON = '2021-02-10';

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(path, { method, headers: await bearer(page), data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

const bytesOf = async (download: Download) => readFile((await download.path()) ?? '');

test('staff generate a check register and printed checks, download them, and their totals are the bills paid', async ({
  browser,
}) => {
  const id = unique().toUpperCase();
  const associate = await as(browser, 'associate@demo.test');
  const books = await booksOf(associate, 'Lindqvist Trust');
  const amounts = [12_345, 67_800, 4_050, 99_999];
  const guids: string[] = [];
  for (const [n, amount] of amounts.entries()) {
    const bill = await api<{ guid: string }>(
      associate,
      'POST',
      `/v1/billing/clients/${books.clientGuid}/bills`,
      {
        entity: books.entityGuid,
        vendor: books.vendor('Atlas Insurance Co.'),
        amount,
        due_date: PAID_ON,
        invoice_number: `R-${id}-${n}`,
        payment_method: 'check',
        invoice_source: 'vendor',
        lines: [{ account: books.account('Home'), amount, memo: `E2E report ${n}` }],
      },
    );
    guids.push(bill.guid);
  }
  await associate.context().close();
  const workflow = (guid: string) => `/v1/billing/clients/${books.clientGuid}/bills/${guid}/workflow`;
  const reviewer = await as(browser, 'super@demo.test');
  for (const guid of guids) await api(reviewer, 'POST', workflow(guid), { action: 'approve' });
  await reviewer.context().close();
  const client = await as(browser, 'multi@demo.test');
  await expect(client).toHaveURL(/\/select-client/);
  for (const guid of guids) await api(client, 'POST', workflow(guid), { action: 'approve' });
  await client.context().close();

  const manager = await as(browser, 'manager@demo.test');
  const accounts = await api<{ results: { guid: string }[] }>(
    manager,
    'GET',
    `/v1/accounts/clients/${books.clientGuid}/institutions?page=1&page_size=10`,
  );
  const account = accounts.results[0]?.guid ?? '';
  for (const [n, guid] of guids.entries()) {
    await api(manager, 'POST', `${workflow(guid)}/record-payment`, {
      payment_date: PAID_ON,
      paid_from_account: account,
      reference: String(8100 + n),
    });
  }
  const total = amounts.reduce((sum, a) => sum + a, 0);
  const dollars = (cents: number) =>
    `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  // The client's reports, from Client Reports.
  await manager.goto('/client-reports');
  await manager.getByRole('link', { name: 'Lindqvist Trust' }).click();
  await expect(manager).toHaveURL(new RegExp(`/reports/client/${books.clientGuid}$`));
  await expect(manager.getByRole('heading', { level: 1, name: 'Reports: Lindqvist Trust' })).toBeVisible();

  async function newReport(type: string, name: string) {
    await manager.getByRole('button', { name: 'New report' }).click();
    const dialog = manager.getByRole('dialog', { name: 'New report' });
    await dialog.getByRole('combobox', { name: /^Type/ }).click();
    await manager.getByRole('option', { name: type }).click();
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    await dialog.getByRole('textbox', { name: /^Year/ }).fill('2021');
    await dialog.getByRole('combobox', { name: /^Month/ }).click();
    await manager.getByRole('option', { name: 'Feb' }).click();
    await dialog.getByRole('button', { name: 'Create report' }).click();
    await expect(manager.getByText('Report created.')).toBeVisible();
    await expect(manager.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  }

  // Check register as XLSX: the job's progress, then the file on the report.
  const register = `Checks ${id}`;
  await newReport('Check register', register);
  await manager.getByRole('button', { name: `Generate ${register}` }).click();
  let dialog = manager.getByRole('dialog', { name: 'Generate check register' });
  await expect(dialog.getByLabel('From')).toHaveValue('2021-02-01');
  await expect(dialog.getByLabel('To')).toHaveValue('2021-02-28');
  await dialog.getByRole('combobox', { name: 'Format' }).click();
  await manager.getByRole('option', { name: 'Excel (XLSX)' }).click();
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(
    dialog.getByText('check-register-2021-02-01-to-2021-02-28.xlsx was added to the report.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  const registerRow = manager.getByRole('row', { name: new RegExp(register) });
  let downloading = manager.waitForEvent('download');
  await registerRow
    .getByRole('button', { name: /Download check-register-2021-02-01-to-2021-02-28\.xlsx/ })
    .click();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await bytesOf(await downloading)) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.getWorksheet('Check register')?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows.find((r) => r[0] === 'Total')?.[5]).toBe(total / 100);
  const checks = rows.filter((r) => /^81\d\d$/.test(String(r[2])));
  expect(checks.map((r) => r[2])).toEqual(['8100', '8101', '8102', '8103']);

  // Printed checks: three to a page with the MICR line.
  const run = `Check run ${id}`;
  await newReport('Printed checks', run);
  await manager.getByRole('button', { name: `Generate ${run}` }).click();
  dialog = manager.getByRole('dialog', { name: 'Print checks' });
  await dialog.getByRole('textbox', { name: 'Routing number' }).fill('021000021');
  await dialog.getByRole('textbox', { name: 'Account number' }).fill('123456789');
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(
    dialog.getByText('checks-2021-02-01-to-2021-02-28.pdf was added to the report.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  downloading = manager.waitForEvent('download');
  await manager
    .getByRole('row', { name: new RegExp(run) })
    .getByRole('button', { name: /Download checks-2021-02-01-to-2021-02-28\.pdf/ })
    .click();
  const pdf = await getDocumentProxy(new Uint8Array(await bytesOf(await downloading)));
  const { text, totalPages } = await extractText(pdf, { mergePages: false });
  expect(totalPages).toBe(2);
  expect(text[0]).toContain('C008100C A021000021A 123456789C');
  expect(text[1]).toContain('C008103C');
  const printed = text.join('\n');
  const printedCents = amounts.filter((a) => printed.includes(dollars(a).replace('$', '$ ')));
  expect(printedCents.reduce((s, a) => s + a, 0)).toBe(total);
});
