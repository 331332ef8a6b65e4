import type { Page } from '@playwright/test';
import { as, bearer, expect, unique } from '../support/bills.ts';
import { test } from '../support/test.ts';

// Castellano Vineyards LP is this spec's alone; the QuickBooks stand-in (start-server.mjs) is shared by
// its tests, so they run one after the other.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const STAND_IN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181) + 5}`;
const ENTITY = 'Castellano Vineyards LP';

async function choose(page: Page, scope: ReturnType<Page['locator']> | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Castellano Family Trust and its vineyards entity, read as staff. */
async function vineyards(staff: Page) {
  const headers = await bearer(staff);
  const orgs = await (
    await staff.request.get('/v1/accounts/organizations?page=1&page_size=100', { headers })
  ).json();
  const org = (orgs.results as { guid: string; name: string }[]).find((o) => o.name === 'Demo Family Office');
  const clients = await (
    await staff.request.get(
      `/v1/accounts/organizations/${org?.guid}/clients?page=1&page_size=100&search=Castellano`,
      {
        headers,
      },
    )
  ).json();
  const client = (clients.results as { guid: string; name: string }[]).find(
    (c) => c.name === 'Castellano Family Trust',
  );
  const entities = await (
    await staff.request.get(`/v1/accounts/clients/${client?.guid}/entities?page=1&page_size=100`, { headers })
  ).json();
  const entity = (entities.results as { guid: string; nickname: string }[]).find(
    (e) => e.nickname === ENTITY,
  );
  expect(entity, ENTITY).toBeTruthy();
  return { clientGuid: client?.guid ?? '', entityGuid: entity?.guid ?? '' };
}

const quickbooksTab = (ref: { clientGuid: string; entityGuid: string }) =>
  `/clients/${ref.clientGuid}?tab=entities&entity=${ref.entityGuid}&section=quickbooks`;

test('staff connect an entity, sync it, enter a bill with what QuickBooks had, and the paid bill is exported once', async ({
  browser,
}) => {
  const manager = await as(browser, 'manager@demo.test');
  const ref = await vineyards(manager);
  await manager.goto(quickbooksTab(ref));
  const online = manager.getByRole('region', { name: 'QuickBooks Online' });
  await expect(online.getByText('Not connected')).toBeVisible();
  await online.getByRole('link', { name: 'Connect to QuickBooks Online' }).click();

  // Our page, then Intuit's consent page (the stand-in's), then back to our connect page.
  await expect(manager.getByRole('heading', { level: 1, name: 'QuickBooks Online' })).toBeVisible();
  await manager.getByRole('button', { name: 'Connect to QuickBooks' }).click();
  await expect(
    manager.getByRole('heading', { name: 'Connect to Harper Household LLC (QuickBooks)' }),
  ).toBeVisible();
  await manager.getByRole('button', { name: 'Connect' }).click();
  await expect(manager.getByText('Connected to Harper Household LLC (QuickBooks).')).toBeVisible();

  await manager.getByRole('link', { name: 'Sync now' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'QuickBooks Online Sync' })).toBeVisible();
  await manager.getByRole('button', { name: 'Sync now' }).click();
  await expect(manager.getByText('Successfully synced with Quickbooks Online')).toBeVisible();
  const results = manager.getByRole('table', { name: 'This sync results' });
  await expect(results.getByRole('row', { name: /Bob’s Burger Joint.*created/ })).toBeVisible();
  await expect(results.getByRole('row', { name: /Repairs.*created/ })).toBeVisible();

  // The associate enters a bill: the vendor and the account came from QuickBooks.
  const associate = await as(browser, 'associate@demo.test');
  await associate.goto(`/clients/${ref.clientGuid}/new-bill`);
  await expect(associate.getByRole('heading', { level: 1, name: 'New Bill' })).toBeVisible();
  await choose(associate, associate, 'Entity', ENTITY);
  await expect(associate.getByRole('combobox', { name: /^Vendor/ })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await choose(associate, associate, 'Vendor', 'Bob’s Burger Joint');
  await associate.getByLabel(/^Amount/).fill('250.00');
  await associate.getByLabel('Due date').fill('2031-06-30');
  const invoice = `QB-${unique()}`;
  await associate.getByLabel('Invoice number').fill(invoice);
  await choose(associate, associate, 'Payment method', 'ACH');
  await choose(associate, associate, 'Invoice source', 'Vendor email');
  await choose(associate, associate.getByRole('group', { name: 'Line 1' }), 'Account', 'Repairs');
  await associate.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(associate).toHaveURL(/\/clients\/[0-9a-f-]{36}\/org\/bill\/[0-9a-f-]{36}$/);
  const billPath = new URL(associate.url()).pathname;
  const billGuid = billPath.split('/').pop() ?? '';

  // Supervisor review by the manager, the client's approval, then the payment.
  await manager.goto(billPath);
  await manager.getByRole('group', { name: 'Bill actions' }).getByRole('button', { name: 'Approve' }).click();
  await manager
    .getByRole('dialog', { name: 'Approve this bill?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(manager.getByText('Bill approved.')).toBeVisible();
  const client = await as(browser, 'marco@castellano.test');
  await expect(client).toHaveURL(/\/dashboard/);
  await client.goto(`/bill/${billGuid}`);
  await expect(client.getByRole('heading', { level: 1, name: 'Bob’s Burger Joint bill' })).toBeVisible();
  await client.getByRole('group', { name: 'Bill actions' }).getByRole('button', { name: 'Approve' }).click();
  await client
    .getByRole('dialog', { name: 'Approve this bill?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(client.getByText('Bill approved.')).toBeVisible();
  await expect(
    client.getByRole('region', { name: 'Bill details' }).getByText('Payment Pending', { exact: true }),
  ).toBeVisible();

  await manager.reload();
  await manager
    .getByRole('group', { name: 'Bill actions' })
    .getByRole('button', { name: 'Record payment' })
    .click();
  const pay = manager.getByRole('dialog', { name: 'Record payment' });
  await pay.getByRole('textbox', { name: /ACH trace or batch number/ }).fill(`TR-${unique()}`);
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(manager.getByText('Payment recorded.')).toBeVisible();

  // The job runner sends the bill, then its payment: each once.
  await manager.goto(quickbooksTab(ref));
  const exports = manager.getByRole('table', { name: 'Bills sent to QuickBooks' });
  await expect(async () => {
    await manager.reload();
    await expect(
      exports.getByRole('row', { name: new RegExp(`${invoice}.*Bill payment.*Exported`) }),
    ).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(
    exports.getByRole('row', { name: new RegExp(`${invoice}\\s+Bill\\s+\\$.*Exported`) }),
  ).toHaveCount(1);
  const standIn = await (await manager.request.post(`${STAND_IN}/__control`, { data: {} })).json();
  expect(standIn).toMatchObject({ bills: 1, billPayments: 1 });
});

test('a failing sync shows the failure toast and QuickBooks’ message', async ({ browser }) => {
  const manager = await as(browser, 'manager@demo.test');
  const ref = await vineyards(manager);
  await manager.request.post(`${STAND_IN}/__control`, {
    data: { failQueries: 'Query on Vendor is not supported for this company' },
  });
  try {
    await manager.goto(`/integrations/qbonline/sync?client=${ref.clientGuid}&entity=${ref.entityGuid}`);
    await manager.getByRole('button', { name: 'Read everything again' }).click();
    await expect(manager.getByText('Failed to sync with Quickbooks Online')).toBeVisible();
    await expect(
      manager.getByRole('alert').filter({ hasText: 'not supported for this company' }),
    ).toBeVisible();
  } finally {
    await manager.request.post(`${STAND_IN}/__control`, { data: { failQueries: null } });
  }
});
