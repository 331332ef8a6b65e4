import type { Page } from '@playwright/test';
import { as, bearer, booksOf, createBill, expect, unique } from '../support/bills.ts';
import { test } from '../support/test.ts';

// The manager merges two parent vendors on the real server; the set-up goes through the API.
test.describe.configure({ timeout: 180_000 });

async function post<T>(
  page: Page,
  path: string,
  data: unknown,
  method: 'post' | 'patch' = 'post',
): Promise<T> {
  const response = await page.request[method](path, { headers: await bearer(page), data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test('the manager merges two parent vendors and the bills of the merged-away vendor follow the survivor', async ({
  browser,
}) => {
  const manager = await as(browser, 'manager@demo.test');
  const books = await booksOf(manager, 'Harper Household');
  const id = unique();
  const org = `/v1/billing/organizations/${books.orgGuid}`;
  const entityVendors = `/v1/billing/clients/${books.clientGuid}/entities/${books.entityGuid}/vendors`;

  // Two parent vendors that are one payee, each with a vendor of Harper Holdings LLC; a bill to the
  // vendor of the one that will be merged away.
  const survivor = await post<{ guid: string }>(manager, `${org}/parent-vendors`, {
    name: `Zenith Supply ${id}`,
    city: 'Boise',
    state: 'ID',
  });
  const mergedAway = await post<{ guid: string }>(manager, `${org}/parent-vendors`, {
    name: `Zenith Supply Co ${id}`,
    city: 'Boise',
    state: 'ID',
  });
  const kept = await post<{ guid: string; name: string }>(manager, entityVendors, {
    name: `Zenith Supply ${id}`,
  });
  const moved = await post<{ guid: string; name: string }>(manager, entityVendors, {
    name: `Zenith Supply Co ${id}`,
  });
  await post(manager, `${org}/vendors/${kept.guid}`, { parent_vendor: survivor.guid }, 'patch');
  await post(manager, `${org}/vendors/${moved.guid}`, { parent_vendor: mergedAway.guid }, 'patch');
  const invoice = `ZEN-${id}`;
  const billGuid = await createBill(
    manager,
    { ...books, vendor: () => moved.guid },
    {
      vendor: moved.name,
      account: 'Electricity',
      amount: 4_210,
      invoice,
    },
  );

  // Parent Vendors → search → Similar → Merge, confirmed with what moves.
  await manager.goto('/parent-vendors');
  await expect(manager.getByRole('heading', { level: 1, name: 'Parent Vendors' })).toBeVisible();
  await manager.getByLabel('Search parent vendors').fill(id);
  const table = manager.getByRole('table', { name: 'Parent Vendors' });
  await expect(table.getByRole('link', { name: `Zenith Supply Co ${id}` })).toBeVisible();
  await manager.getByRole('button', { name: `Similar to Zenith Supply Co ${id}` }).click();
  const similar = manager.getByRole('dialog', { name: `Similar to Zenith Supply Co ${id}` });
  await similar
    .getByRole('button', { name: `Merge Zenith Supply Co ${id} into Zenith Supply ${id}`, exact: true })
    .click();
  const confirm = manager.getByRole('dialog', {
    name: `Merge Zenith Supply Co ${id} into Zenith Supply ${id}?`,
  });
  await expect(
    confirm.getByText(
      `1 client vendor with 1 bill and 0 commitments will move from Zenith Supply Co ${id} to Zenith Supply ${id}.`,
      { exact: false },
    ),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Merge' }).click();
  await expect(manager.getByText(`Zenith Supply Co ${id} merged into Zenith Supply ${id}`)).toBeVisible();
  await expect(table.getByRole('link', { name: `Zenith Supply Co ${id}` })).toBeHidden();

  // The survivor's page lists the merged vendor as merged, and its own vendor now has the bill.
  await table.getByRole('link', { name: `Zenith Supply ${id}` }).click();
  await expect(manager.getByRole('heading', { level: 1, name: `Zenith Supply ${id}` })).toBeVisible();
  const linked = manager.getByRole('table', { name: 'Linked vendors' });
  const keptRow = linked.getByRole('row').filter({ hasText: `Zenith Supply ${id}Harper` });
  await expect(keptRow.getByRole('cell').nth(3)).toHaveText('1');
  await expect(linked.getByText(`Merged into Zenith Supply ${id}`)).toBeVisible();

  // The bill itself now names the survivor's vendor.
  await manager.goto(`/clients/${books.clientGuid}/manager/bill/${billGuid}`);
  await expect(manager.getByRole('heading', { level: 1, name: `Zenith Supply ${id} bill` })).toBeVisible();
  // The inactive list holds the parent vendor merged away.
  await manager.goto('/parent-vendors/inactive');
  await manager.getByLabel('Search parent vendors').fill(id);
  await expect(
    manager
      .getByRole('table', { name: 'Inactive Parent Vendors' })
      .getByRole('link', { name: `Zenith Supply Co ${id}` }),
  ).toBeVisible();
});
