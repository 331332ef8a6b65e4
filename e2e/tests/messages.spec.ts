import type { Page } from '@playwright/test';
import { as, expect, unique } from '../support/bills.ts';
import { test } from '../support/test.ts';

test.describe.configure({ timeout: 300_000 });

const messagesButton = (page: Page) => page.getByRole('button', { name: /^Messages(, \d+ unread)?$/ });

async function unreadOf(page: Page): Promise<number> {
  const name = (await messagesButton(page).getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) unread$/.exec(name)?.[1] ?? '0');
}

test('staff write on a bill; the client sees the unread badge, opens the message and lands on the bill', async ({
  browser,
}) => {
  const text = `Please check the meter reading before approving (${unique()}).`;
  const manager = await as(browser, 'manager@demo.test');
  await manager.goto('/billing/client-approval');
  await manager
    .getByRole('table', { name: 'Client Approval bills' })
    .getByRole('row', { name: /PPL-2024-0214/ })
    .getByRole('link', { name: 'Pacific Power & Light' })
    .click();
  await expect(manager).toHaveURL(/\/clients\/[0-9a-f-]{36}\/org\/bill\/[0-9a-f-]{36}$/);
  const billGuid = new URL(manager.url()).pathname.split('/').pop();
  await expect(manager.getByRole('heading', { level: 1, name: 'Pacific Power & Light bill' })).toBeVisible();
  await manager.getByRole('textbox', { name: 'Message' }).fill(text);
  await manager.getByRole('button', { name: 'Send' }).click();
  await expect(manager.getByText('Message sent.')).toBeVisible();
  await expect(manager.getByRole('list', { name: 'Messages' }).getByText(text)).toBeVisible();

  const client = await as(browser, 'client@demo.test');
  await expect(messagesButton(client)).toHaveAttribute('aria-label', /^Messages, \d+ unread$/);
  const before = await unreadOf(client);
  expect(before).toBeGreaterThanOrEqual(1);
  await expect(client.getByRole('banner').getByText(String(before), { exact: true })).toBeVisible();

  await messagesButton(client).click();
  const drawer = client.getByRole('dialog', { name: 'Messages' });
  const item = drawer.getByRole('listitem').filter({ hasText: text });
  await expect(item).toBeVisible();
  await expect(item.getByText('Maya Manager')).toBeVisible();
  await expect(item.getByText('Unread,')).toBeAttached();
  await item.getByRole('button').click();

  await expect(client).toHaveURL(new RegExp(`/bill/${billGuid}$`));
  await expect(drawer).toBeHidden();
  await expect(client.getByRole('heading', { level: 1, name: 'Pacific Power & Light bill' })).toBeVisible();
  await expect(client.getByRole('list', { name: 'Messages' }).getByText(text)).toBeVisible();
  await expect(messagesButton(client)).toHaveAttribute(
    'aria-label',
    before - 1 === 0 ? 'Messages' : `Messages, ${before - 1} unread`,
  );

  // Opened again, the drawer shows the message as read.
  await messagesButton(client).click();
  await expect(drawer.getByRole('listitem').filter({ hasText: text })).toBeVisible();
  await expect(drawer.getByRole('listitem').filter({ hasText: text }).getByText('Unread,')).toHaveCount(0);

  // A second message, read by opening its bill from the bill list (not from the drawer): the page marks
  // it read and the header's badge follows.
  const second = `The insurer sent a corrected premium notice (${unique()}).`;
  await manager.goto('/billing/org-approval');
  await manager
    .getByRole('table', { name: 'Org Approval bills' })
    .getByRole('row', { name: /ATL-HO-88213/ })
    .getByRole('link', { name: 'Atlas Insurance Co.' })
    .click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Atlas Insurance Co. bill' })).toBeVisible();
  await manager.getByRole('textbox', { name: 'Message' }).fill(second);
  await manager.getByRole('button', { name: 'Send' }).click();
  await expect(manager.getByRole('list', { name: 'Messages' }).getByText(second)).toBeVisible();

  await client.goto('/bills/all-entities');
  await expect(messagesButton(client)).toHaveAttribute('aria-label', /^Messages, \d+ unread$/);
  const waiting = await unreadOf(client);
  await client
    .getByRole('table', { name: 'Bills' })
    .getByRole('row', { name: /ATL-HO-88213/ })
    .getByRole('link', { name: 'Atlas Insurance Co.' })
    .click();
  await expect(client).toHaveURL(/\/bill\/[0-9a-f-]{36}$/);
  await expect(client.getByRole('list', { name: 'Messages' }).getByText(second)).toBeVisible();
  await expect(messagesButton(client)).toHaveAttribute(
    'aria-label',
    waiting - 1 === 0 ? 'Messages' : `Messages, ${waiting - 1} unread`,
  );
});
