import type { Page } from '@playwright/test';
import { as, expect } from '../support/bills.ts';
import { test } from '../support/test.ts';

// Each test walks a client's lists and a bill page against the real server: give it room.
test.describe.configure({ timeout: 300_000 });

// The demo has two Harper bills waiting on the client: Evergreen EVG-5521 (approved here) and Pacific
// Power PPL-2024-0214 (only read here; the messages spec writes on it).
const WAITING = [
  { vendor: 'Evergreen Landscaping', invoice: 'EVG-5521', amount: '$1,450.00' },
  { vendor: 'Pacific Power & Light', invoice: 'PPL-2024-0214', amount: '$212.75' },
];

const listTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Bill lists' }).getByRole('tab', { name, exact: true });

async function expectStatus(page: Page, status: string) {
  await expect(
    page.getByRole('region', { name: 'Bill details' }).getByText(status, { exact: true }),
  ).toBeVisible();
}

test('the client approves a bill waiting on them and finds it under Approved', async ({ browser }) => {
  const client = await as(browser, 'client@demo.test');
  await client.goto('/bills/all-entities/client-pre-bill');
  await expect(client.getByRole('heading', { level: 1, name: 'Bills' })).toBeVisible();
  await expect(listTab(client, 'Awaiting Approval')).toHaveAttribute('aria-selected', 'true');
  const waiting = client.getByRole('table', { name: 'Awaiting Approval bills' });
  for (const bill of WAITING) {
    const row = waiting.getByRole('row', { name: new RegExp(bill.invoice) });
    await expect(row).toBeVisible();
    await expect(row.getByText(bill.vendor)).toBeVisible();
    await expect(row.getByText(bill.amount)).toBeVisible();
  }
  // Paid, rejected and draft bills are not waiting on anyone.
  for (const other of ['PPL-2024-0117', 'ATL-AU-1002', 'PPL-LAKE-0301', 'EVG-5498']) {
    await expect(waiting.getByRole('row', { name: new RegExp(other) })).toHaveCount(0);
  }

  await waiting
    .getByRole('row', { name: /EVG-5521/ })
    .getByRole('link', { name: 'Evergreen Landscaping' })
    .click();
  await expect(client).toHaveURL(/\/bill\/[0-9a-f-]{36}$/);
  const billPath = new URL(client.url()).pathname;
  await expect(client.getByRole('heading', { level: 1, name: 'Evergreen Landscaping bill' })).toBeVisible();
  await expectStatus(client, 'Client Approval');

  await client.getByRole('group', { name: 'Bill actions' }).getByRole('button', { name: 'Approve' }).click();
  const dialog = client.getByRole('dialog', { name: 'Approve this bill?' });
  await expect(dialog.getByText(/\$1,450\.00 to Evergreen Landscaping/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(client.getByText('Bill approved.')).toBeVisible();
  await expectStatus(client, 'Payment Pending');
  await expect(client.getByRole('group', { name: 'Bill actions' })).toHaveCount(0);

  await client.goto('/bills/all-entities/client-pre-bill');
  await expect(
    client
      .getByRole('table', { name: 'Awaiting Approval bills' })
      .getByRole('row', { name: /PPL-2024-0214/ }),
  ).toBeVisible();
  await expect(
    client.getByRole('table', { name: 'Awaiting Approval bills' }).getByRole('row', { name: /EVG-5521/ }),
  ).toHaveCount(0);
  await listTab(client, 'Approved').click();
  await expect(client).toHaveURL(/\/bills\/all-entities\/approved$/);
  const approved = client.getByRole('table', { name: 'Approved bills' });
  const row = approved.getByRole('row', { name: /EVG-5521/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Payment Pending')).toBeVisible();
  await row.getByRole('link', { name: 'Evergreen Landscaping' }).click();
  await expect(client).toHaveURL(new RegExp(`${billPath}$`));
});

test('an observer reads the lists and a bill but gets no approve, reject or message composer', async ({
  browser,
}) => {
  const observer = await as(browser, 'observer@demo.test');
  await observer.goto('/bills');
  await expect(observer).toHaveURL(/\/bills\/all-entities$/);
  const all = observer.getByRole('table', { name: 'Bills' });
  // Every status of the demo's Harper bills but the draft.
  for (const invoice of ['PPL-2024-0117', 'PPL-2024-0214', 'ATL-HO-88213', 'EVG-5498', 'ATL-AU-1002']) {
    await expect(all.getByRole('row', { name: new RegExp(invoice) })).toBeVisible();
  }

  await listTab(observer, 'Awaiting Approval').click();
  await expect(observer).toHaveURL(/\/bills\/all-entities\/client-pre-bill$/);
  const waiting = observer.getByRole('table', { name: 'Awaiting Approval bills' });
  await waiting
    .getByRole('row', { name: /PPL-2024-0214/ })
    .getByRole('link', { name: 'Pacific Power & Light' })
    .click();
  await expect(observer).toHaveURL(/\/bill\/[0-9a-f-]{36}$/);
  await expect(observer.getByRole('heading', { level: 1, name: 'Pacific Power & Light bill' })).toBeVisible();
  await expectStatus(observer, 'Client Approval');
  await expect(
    observer.getByRole('region', { name: 'Bill details' }).getByText('PPL-2024-0214'),
  ).toBeVisible();
  await expect(observer.getByRole('heading', { name: 'Messages' })).toBeVisible();

  await expect(observer.getByRole('group', { name: 'Bill actions' })).toHaveCount(0);
  await expect(observer.getByRole('button', { name: /^(Approve|Reject|Request changes)$/ })).toHaveCount(0);
  await expect(observer.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await expect(observer.getByRole('button', { name: 'Send' })).toHaveCount(0);
});
