import { type APIRequestContext, expect as baseExpect, type Page, request } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/accounts.ts';
import { test } from '../support/test.ts';

/**
 * The companion app (apps/mobile, its web build) at a phone's size against the real API: a client
 * approves one bill and rejects another with a reason, and each leaves the list of bills waiting.
 */
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 300_000 });

const API = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181)}`;

async function signedIn(email: string): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL: API });
  const login = await anonymous.post('/v1/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok(), `sign-in of ${email}`).toBe(true);
  const { access } = (await login.json()) as { access: string };
  await anonymous.dispose();
  return request.newContext({ baseURL: API, extraHTTPHeaders: { Authorization: `Bearer ${access}` } });
}

async function json<T>(answer: Promise<import('@playwright/test').APIResponse>): Promise<T> {
  const response = await answer;
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Two Harper Household bills entered by the associate and reviewed by the manager: waiting on the client. */
async function billsWaitingOnClient(amounts: number[]): Promise<string[]> {
  const associate = await signedIn('associate@demo.test');
  const manager = await signedIn('manager@demo.test');
  const orgs = await json<{ results: { guid: string; name: string }[] }>(
    associate.get('/v1/accounts/organizations?page_size=100'),
  );
  const org = orgs.results.find((o) => o.name === 'Demo Family Office');
  const clients = await json<{ results: { guid: string; name: string }[] }>(
    associate.get(`/v1/accounts/organizations/${org?.guid}/clients?page_size=100`),
  );
  const client = clients.results.find((c) => c.name === 'Harper Household')?.guid;
  const entities = await json<{ results: { guid: string; nickname: string }[] }>(
    associate.get(`/v1/accounts/clients/${client}/entities?page_size=100`),
  );
  const entity = entities.results.find((e) => e.nickname.endsWith('Holdings LLC'))?.guid;
  const books = `/v1/billing/clients/${client}/entities/${entity}`;
  const vendors = await json<{ results: { guid: string; name: string }[] }>(
    associate.get(`${books}/vendors?page_size=100`),
  );
  const accounts = await json<{ results: { guid: string; name: string }[] }>(
    associate.get(`${books}/accounts?page_size=100`),
  );
  const vendor = vendors.results.find((v) => v.name === 'Pacific Power & Light')?.guid;
  const account = accounts.results.find((a) => a.name === 'Electricity')?.guid;
  const guids: string[] = [];
  for (const amount of amounts) {
    const created = await json<{ guid: string }>(
      associate.post(`/v1/billing/clients/${client}/bills`, {
        data: {
          entity,
          vendor,
          amount,
          due_date: '2031-06-30',
          invoice_number: `E2E-MOBILE-${Date.now().toString(36)}-${amount}`,
          payment_method: 'ach',
          invoice_source: 'vendor',
          lines: [{ account, amount, memo: 'Mobile app test' }],
        },
      }),
    );
    const reviewed = await json<{ status: string }>(
      manager.post(`/v1/billing/clients/${client}/bills/${created.guid}/workflow`, {
        data: { action: 'approve' },
      }),
    );
    expect(reviewed.status).toBe('client_approval');
    guids.push(created.guid);
  }
  await associate.dispose();
  await manager.dispose();
  return guids;
}

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const row = (page: Page, cents: number) =>
  page.getByRole('button', {
    name: new RegExp(`^Pacific Power & Light, \\${dollars(cents).replace('.', '\\.')}, `),
  });

test('a client signs in on the phone, approves one bill and rejects another with a reason', async ({
  page,
}) => {
  // Amounts of their own, so the rows are told apart from the demo's and other specs' bills.
  const base = 30_000 + Math.floor(Math.random() * 9_000);
  const approveCents = base + 11;
  const rejectCents = base + 22;
  await billsWaitingOnClient([approveCents, rejectCents]);

  await page.goto('/');
  await page.getByLabel('E-mail').fill('client@demo.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Harper Household' })).toBeVisible();
  await expect(page.getByRole('img', { name: /bills? waiting for your approval/ })).toBeVisible();
  await expect(row(page, approveCents)).toBeVisible();
  await expect(row(page, rejectCents)).toBeVisible();

  await row(page, approveCents).click();
  await expect(page.getByRole('heading', { name: 'Lines' })).toBeVisible();
  // The bill's line: its account, memo and amount.
  const money = (cents: number) => dollars(cents).replace('.', '\\.');
  await expect(
    page.getByRole('group', { name: new RegExp(`Mobile app test, \\${money(approveCents)}$`) }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(
    page.getByRole('heading', { name: `Approve ${dollars(approveCents)} to Pacific Power & Light?` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Approved: Pacific Power & Light, ${dollars(approveCents)}.`,
  );
  await expect(page.getByRole('heading', { name: 'Harper Household' })).toBeVisible();
  await expect(row(page, approveCents)).toHaveCount(0);
  await expect(row(page, rejectCents)).toBeVisible();

  await row(page, rejectCents).click();
  await page.getByRole('button', { name: 'Reject' }).click();
  await page.getByRole('button', { name: 'Other' }).click();
  await page.getByRole('button', { name: 'Reject bill' }).click();
  await expect(page.getByText('Describe why the bill is rejected.')).toBeVisible();
  await page.getByLabel('Describe the reason').fill('We changed electricity provider in May.');
  await page.getByRole('button', { name: 'Reject bill' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Rejected: Pacific Power & Light, ${dollars(rejectCents)}.`,
  );
  await expect(row(page, rejectCents)).toHaveCount(0);
});
