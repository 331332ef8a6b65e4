import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from '../support/accounts.ts';
import { test } from '../support/test.ts';

/**
 * Financial data (issue 19, decision 036) against the stand-ins the e2e server starts: Plaid on
 * E2E_PORT+20, Earth Class Mail on +22, driven through their /__control endpoints. Serial: the Plaid
 * stand-in's "next item" is one slot.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const PORT = Number(process.env.E2E_PORT ?? 8181);
const PLAID = `http://127.0.0.1:${PORT + 20}`;
const ECM = `http://127.0.0.1:${PORT + 22}`;
const slow = { timeout: 60_000 };
const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function control(request: APIRequestContext, base: string, name: string, body: object) {
  const answer = await request.post(`${base}/__control/${name}`, { data: body });
  expect(answer.ok()).toBe(true);
  return answer.json();
}

/** The API as one person: sign-in, then bearer calls. */
async function apiAs(request: APIRequestContext, email: string) {
  const login = await request.post('/v1/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).access}` };
  return {
    get: async (url: string) => {
      const r = await request.get(url, { headers });
      expect(r.ok(), url).toBe(true);
      return r.json();
    },
    send: async (method: 'POST' | 'PUT' | 'PATCH', url: string, data: object = {}) => {
      const r = await request.fetch(url, { method, headers, data });
      expect(r.ok(), `${method} ${url}: ${await r.text()}`).toBe(true);
      return r.json();
    },
  };
}

async function clientNamed(api: Awaited<ReturnType<typeof apiAs>>, name: string) {
  const [org] = (await api.get('/v1/accounts/organizations')).results;
  const clients = await api.get(
    `/v1/accounts/organizations/${org.guid}/clients?search=${encodeURIComponent(name)}`,
  );
  return { orgGuid: org.guid as string, clientGuid: clients.results[0].guid as string };
}

test('a client links a bank through the hosted page and sees its balances and transactions', async ({
  page,
}) => {
  await control(page.request, PLAID, 'next-item', {
    institutionName: 'First Platypus Bank',
    accounts: [
      {
        account_id: 'e2e-everyday',
        name: 'Everyday Checking',
        official_name: null,
        mask: '7001',
        type: 'depository',
        subtype: 'checking',
        current: 2500.75,
        available: 2400,
      },
    ],
    transactions: [
      {
        transaction_id: 'e2e-grocery',
        account_id: 'e2e-everyday',
        amount: 42.5,
        date: '2026-11-20',
        name: 'CORNER GROCERY',
        pending: false,
      },
    ],
  });
  await signIn(page, 'eleanor@whitfield.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible(slow);
  await page.goto('/financial-accounts');
  await page.getByRole('button', { name: 'Link a bank' }).click();
  // The aggregator's hosted page (Plaid Link in production): the person consents there.
  await expect(page.getByRole('heading', { name: 'Connect your bank' })).toBeVisible(slow);
  await page.getByRole('button', { name: 'Allow and continue' }).click();
  await expect(page.getByText('Your bank is linked.')).toBeVisible(slow);
  const accounts = page.getByRole('table', { name: 'Linked bank accounts' });
  const row = accounts.getByRole('row', { name: /Everyday Checking/ });
  await expect(row.getByRole('cell').nth(1)).toHaveText(money(250_075), slow);
  await expect(row.getByRole('cell').nth(2)).toHaveText(money(240_000));
  await row.getByRole('button', { name: 'Transactions of Everyday Checking' }).click();
  const lines = page.getByRole('dialog').getByRole('table', { name: 'Bank transactions' });
  await expect(lines.getByRole('row', { name: /CORNER GROCERY/ })).toContainText(money(-4_250), slow);
});

test('staff see funding required, and a paid bill matched to its bank line automatically and a second by hand', async ({
  page,
}) => {
  const manager = await apiAs(page.request, 'manager@demo.test');
  const { clientGuid } = await clientNamed(manager, 'Castellano Family Trust');
  // Two of the client's paid bills, of amounts no other paid bill of the client has.
  const paid = (await manager.get(`/v1/billing/clients/${clientGuid}/bills?status=paid&page_size=100`))
    .results as {
    guid: string;
    amount: number;
  }[];
  const unique = paid.filter((b) => paid.filter((o) => o.amount === b.amount).length === 1);
  const [first, second] = await Promise.all(
    unique.slice(0, 2).map((b) => manager.get(`/v1/billing/clients/${clientGuid}/bills/${b.guid}`)),
  );
  expect(first.paid_from_account.account_last4).toBe(second.paid_from_account.account_last4);

  // The bank of the account those bills were paid from, linked through the stand-in.
  const setup = await manager.send(
    'POST',
    `/v1/integrations/clients/${clientGuid}/entities/${first.entity.guid}/data-pipeline/setup`,
  );
  await control(page.request, PLAID, 'next-item', {
    institutionName: 'Castellano Bank',
    accounts: [
      {
        account_id: 'e2e-castellano',
        name: 'Operating',
        official_name: null,
        mask: first.paid_from_account.account_last4,
        type: 'depository',
        subtype: 'checking',
        current: 50,
        available: 50,
      },
    ],
    transactions: [
      {
        transaction_id: 'e2e-m1',
        account_id: 'e2e-castellano',
        amount: first.amount / 100,
        date: first.paid_date,
        name: first.vendor.name.toUpperCase(),
        pending: false,
      },
      {
        transaction_id: 'e2e-m2',
        account_id: 'e2e-castellano',
        amount: second.amount / 100,
        date: plusDays(second.paid_date, 5),
        name: 'ELECTRONIC PAYMENT',
        pending: false,
      },
    ],
  });
  await control(page.request, PLAID, 'consent', { link_token: setup.link_token });
  await manager.send('POST', `/v1/integrations/clients/${clientGuid}/data-pipeline/complete`, {
    link_token: setup.link_token,
  });
  // The first sync runs on the job runner (decision 037): the link is in once it has synced.
  await expect
    .poll(
      async () =>
        (
          (await manager.get(`/v1/accounts/clients/${clientGuid}/aggregator-accounts`)).items as {
            first_sync_job_id: string | null;
          }[]
        ).every((i) => i.first_sync_job_id === null),
      slow,
    )
    .toBe(true);
  const funding = (await manager.get(`/v1/accounts/clients/${clientGuid}/funding`)).results[0].funding;
  expect(funding.funding_required).toBe(true);

  await signIn(page, 'manager@demo.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Manager Dashboard' })).toBeVisible(slow);
  await page.goto(`/client-dashboard/${clientGuid}`);
  const notice = page.getByLabel('Funding required').first();
  await expect(notice).toContainText(`move ${money(funding.amount_to_move)} into Operating`, slow);
  if (funding.fund_by) await expect(notice).toContainText(`by ${usDate(funding.fund_by)}`);

  const matching = page.getByRole('region', { name: 'Bank matching' });
  await matching.getByRole('button', { name: 'Match now' }).click();
  await expect(page.getByText('1 matched, 1 to match.')).toBeVisible(slow);
  const lines = matching.getByRole('table', { name: 'Bank lines' });
  await matching
    .getByRole('button', { name: new RegExp(`^Match ELECTRONIC PAYMENT to ${second.vendor.name}`) })
    .click();
  await expect(page.getByText('Matched.', { exact: true })).toBeVisible(slow);
  await expect(lines.getByText('Every payment out is matched.')).toBeVisible(slow);
  await matching.getByRole('tab', { name: 'Matched' }).click();
  await expect(
    lines.getByRole('row', {
      name: new RegExp(first.vendor.name.toUpperCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    }),
  ).toContainText('auto', slow);
  await expect(lines.getByRole('row', { name: /ELECTRONIC PAYMENT/ })).toContainText('by hand');

  // In the books (decision 037): the fed account has its books account, where both matched lines are
  // cleared (posted against the bills' payments, not booked as expenses again).
  await page.goto(`/clients/${clientGuid}?tab=books`);
  await page.getByRole('combobox', { name: /^Entity/ }).click();
  await page.getByRole('option', { name: first.entity.nickname, exact: true }).click();
  await page.getByRole('tab', { name: 'Bank transactions' }).click();
  await page.getByRole('combobox', { name: /^Bank account/ }).click();
  await page
    .getByRole('option', { name: new RegExp(`Operating ••${first.paid_from_account.account_last4}$`) })
    .click();
  const bank = page.getByRole('table', { name: 'Bank transactions' });
  await expect(bank.getByRole('row', { name: /ELECTRONIC PAYMENT/ })).toContainText('Cleared', slow);
  await expect(
    bank.getByRole('row', {
      name: new RegExp(first.vendor.name.toUpperCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    }),
  ).toContainText('Matched to a paid bill');
});

test('a scanned mail piece appears in the pre-bill inbox', async ({ page }) => {
  await control(page.request, ECM, 'inbox', { name: 'Castellano mail' });
  await signIn(page, 'manager@demo.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Manager Dashboard' })).toBeVisible(slow);
  await page.goto('/settings');
  const mail = page.getByRole('region', { name: 'Mail scanning' });
  await mail.getByLabel('API key').fill('stand-in-ecm-api-key-0001');
  await mail.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('The mail-scan service is connected.')).toBeVisible(slow);
  await mail.getByLabel('Client of Castellano mail').click();
  await page.getByRole('option', { name: 'Castellano Family Trust' }).click();
  await expect(mail.getByLabel('Client of Castellano mail')).toHaveText('Castellano Family Trust', slow);

  const piece = await control(page.request, ECM, 'piece', {
    inbox_id: 'inbox-1',
    sender_name: 'Harbor Marina',
    // Scanned now: the inbox lists the newest first.
    created_at: new Date().toISOString(),
    lines: ['Harbor Marina', 'Invoice Number: HM-2026-12', 'Amount Due: $640.00', 'Due Date: 12/20/2026'],
  });
  expect(piece.webhook).toEqual({ status: 'filed' });
  await page.goto('/billing/pre-bill-inbox');
  await page.getByRole('searchbox', { name: 'Search sender or subject' }).fill('Harbor Marina');
  const row = page
    .getByRole('table', { name: 'Pre-bill e-mails' })
    .getByRole('row', { name: /Scanned mail from Harbor Marina \(Castellano mail\)/ });
  await expect(row).toBeVisible(slow);
  await expect(row).toContainText('Castellano Family Trust');
});
