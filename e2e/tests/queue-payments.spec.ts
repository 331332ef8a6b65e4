import type { Page } from '@playwright/test';
import { as, bearer, booksOf, createBill, expect, unique } from '../support/bills.ts';
import { test } from '../support/test.ts';

// Lindqvist Trust is no other spec's: its queue counts and rows are this test's alone.
test.describe.configure({ timeout: 300_000 });

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { headers: await bearer(page), data });
  expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
}

async function selectBoth(page: Page, queue: string, id: string, numbers: number[]) {
  const table = page.getByRole('table', { name: `${queue} bills` });
  for (const n of numbers) {
    await table
      .getByRole('checkbox', { name: `Select the bill of Atlas Insurance Co., invoice P-${id}-${n}` })
      .check();
  }
  const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bar.getByText('2 selected')).toBeVisible();
  return bar;
}

test('staff record phone approvals from Client Approval, and pay two bills together from Payment Pending', async ({
  browser,
}) => {
  const id = unique().toUpperCase();
  const associate = await as(browser, 'associate@demo.test');
  const books = await booksOf(associate, 'Lindqvist Trust');
  const guids: string[] = [];
  for (const [n, amount] of [
    [1, 11_100],
    [2, 22_200],
    [3, 5_000],
    [4, 7_000],
  ] as const) {
    guids.push(
      await createBill(associate, books, {
        vendor: 'Atlas Insurance Co.',
        account: 'Home',
        amount,
        invoice: `P-${id}-${n}`,
      }),
    );
  }
  await associate.context().close();
  const workflow = (guid: string | undefined) =>
    `/v1/billing/clients/${books.clientGuid}/bills/${guid}/workflow`;

  // Supervisor review by another staff member, so the manager may still record the phone approvals.
  const reviewer = await as(browser, 'super@demo.test');
  for (const guid of guids) await post(reviewer, workflow(guid), { action: 'approve' });
  await reviewer.context().close();

  // Staff cannot approve a client step: the bar offers the phone approval instead of Approve.
  const manager = await as(browser, 'manager@demo.test');
  await manager.goto(`/billing/client-approval?client=${books.clientGuid}`);
  let bar = await selectBoth(manager, 'Client Approval', id, [1, 2]);
  await expect(bar.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await bar.getByRole('button', { name: 'Record verbal approval' }).click();
  const verbal = manager.getByRole('dialog', { name: 'Record verbal approval of 2 bills?' });
  await verbal.getByRole('button', { name: 'Record 2 bills' }).click();
  const recorded = manager.getByRole('dialog', { name: 'Verbal approvals recorded' });
  await expect(recorded.getByText('2 of 2 bills recorded as approved by phone.')).toBeVisible();
  await recorded.getByRole('button', { name: 'Close' }).click();
  await manager.goto(`/billing/verbal-approval?client=${books.clientGuid}`);
  await expect(
    manager
      .getByRole('table', { name: 'Verbal Approval bills' })
      .getByRole('row')
      .filter({ hasText: `P-${id}-` }),
  ).toHaveCount(2);

  // The client approves the other two; they wait for their payment.
  const client = await as(browser, 'multi@demo.test');
  // A user of two clients lands on the client choice once signed in.
  await expect(client).toHaveURL(/\/select-client/);
  for (const guid of guids.slice(2)) await post(client, workflow(guid), { action: 'approve' });
  await client.context().close();

  await manager.goto(`/billing/payment-pending?client=${books.clientGuid}`);
  bar = await selectBoth(manager, 'Payment Pending', id, [3, 4]);
  await expect(bar.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await bar.getByRole('button', { name: 'Record payment' }).click();
  const pay = manager.getByRole('dialog', { name: 'Record payment of 2 bills' });
  await expect(pay.getByText('$120.00', { exact: true })).toBeVisible();
  await expect(pay.getByRole('combobox', { name: /Paid from account/ })).toContainText('••');
  await pay.getByRole('textbox', { name: /ACH trace or batch number/ }).fill(`BATCH-${id}`);
  await pay.getByRole('button', { name: 'Record 2 payments ($120.00)' }).click();
  const done = manager.getByRole('dialog', { name: 'Payments recorded' });
  await expect(done.getByText('2 of 2 bills paid.')).toBeVisible();
  await done.getByRole('button', { name: 'Close' }).click();

  await manager.goto(`/clients/${books.clientGuid}/org/bill/${guids[2]}`);
  const details = manager.getByRole('region', { name: 'Bill details' });
  await expect(details.getByText(`BATCH-${id}`)).toBeVisible();
});
